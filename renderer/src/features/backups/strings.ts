import { featureText } from '../../i18n/feature-strings';

const BACKUP_STRINGS = {
  title: { en: 'Backups', zh: '备份' },
  hint: { en: 'The whole database is backed up, compressed, to the app’s data folder: on a schedule after changes, before a database upgrade, before a restore and on quit.', zh: '整个数据库会压缩备份到应用的数据文件夹：有修改时定时备份、数据库升级前、恢复前以及退出时。' },
  backUpNow: { en: 'Back up now', zh: '立即备份' },
  working: { en: 'Working…', zh: '处理中…' },
  empty: { en: 'No backups yet.', zh: '还没有备份。' },
  time: { en: 'Time', zh: '时间' },
  reason: { en: 'Reason', zh: '原因' },
  size: { en: 'Size', zh: '大小' },
  contents: { en: 'Contents', zh: '内容' },
  restore: { en: 'Restore', zh: '恢复' },
  rows: { en: '{rows} rows in {tables} tables', zh: '{tables} 个表共 {rows} 行' },
  noDatasets: { en: 'no data sets', zh: '无数据集' },
  'reason.scheduled': { en: 'scheduled', zh: '定时' },
  'reason.before-upgrade': { en: 'before upgrade', zh: '升级前' },
  'reason.on-quit': { en: 'on quit', zh: '退出时' },
  'reason.before-restore': { en: 'before restore', zh: '恢复前' },
  'reason.manual': { en: 'manual', zh: '手动' },
  'reason.project': { en: 'project file', zh: '项目文件' },
  confirmTitle: { en: 'Restore this backup?', zh: '恢复此备份？' },
  confirmBody: { en: 'The current state is backed up first, then every table is replaced by the backup of {time} ({name}). The app reloads afterwards.', zh: '会先备份当前状态，然后用 {time} 的备份（{name}）替换所有表。之后应用会重新加载。' },
  cancel: { en: 'Cancel', zh: '取消' },
  saved: { en: 'Saved {name}', zh: '已保存 {name}' },
  keep: { en: 'Keep the last', zh: '保留最近' },
  interval: { en: 'Every (minutes, 0 = never)', zh: '间隔（分钟，0 表示不自动）' },
  saveSettings: { en: 'Save backup settings', zh: '保存备份设置' },
  project: { en: 'Project file', zh: '项目文件' },
  projectHint: { en: 'A .maieutic file carries all data sets, layers, reviews, adjudications, audit, samples, metric runs, LLM jobs and codebook versions — not this profile’s reviewer name, label language or backup settings.', zh: '.maieutic 文件包含全部数据集、标注层、审阅、裁决、审计记录、抽样、指标运行、LLM 任务与编码本版本——不含本配置的审阅人姓名、标签语言和备份设置。' },
  exportProject: { en: 'Export project…', zh: '导出项目…' },
  importProject: { en: 'Import project…', zh: '导入项目…' },
  importTitle: { en: 'Import a project into this profile?', zh: '将项目导入此配置？' },
  importBody: { en: 'The current state is backed up first, then this profile’s database is replaced by the project you choose.', zh: '会先备份当前状态，然后用所选项目替换此配置的数据库。' },
  choose: { en: 'Choose file…', zh: '选择文件…' },
} as const;

export type BackupStringKey = keyof typeof BACKUP_STRINGS;
export const { text: backupText, useText: useBackupText } = featureText<BackupStringKey>(BACKUP_STRINGS);

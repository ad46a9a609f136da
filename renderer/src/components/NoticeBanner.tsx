import { useNoticeStore } from '../stores/notices/store';
import { isMessageKey, useT } from '../i18n';

/** Storage failures and other top-level errors, shown until the user dismisses them. */
export function NoticeBanner() {
  const notices = useNoticeStore((state) => state.notices);
  const dismiss = useNoticeStore((state) => state.dismiss);
  const t = useT();
  if (notices.length === 0) return null;
  return (
    <div className="notice-stack" data-testid="notice-banner" role="alert" aria-live="assertive">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.kind}`} data-testid="notice" data-kind={notice.kind}>
          <div className="notice-text">
            <strong>{t(`notice.${notice.kind}.title`)}</strong>
            <span>{t(`notice.${notice.kind}.body`)}</span>
            {notice.context && <span className="notice-context">{t('notice.while', { action: isMessageKey(notice.context) ? t(notice.context) : notice.context })}</span>}
            <code className="notice-detail">{notice.detail}</code>
          </div>
          <div className="notice-actions">
            {(notice.kind === 'closed' || notice.kind === 'open-failed') && (
              <button type="button" onClick={() => window.location.reload()}>
                {t('errorBoundary.reload')}
              </button>
            )}
            <button type="button" data-testid="notice-dismiss" onClick={() => dismiss(notice.id)} aria-label={t('notice.dismiss')}>
              {t('notice.dismiss')}
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}

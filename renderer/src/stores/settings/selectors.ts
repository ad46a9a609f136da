import type { SettingsState } from './store';

export const selectReviewerName = (state: SettingsState) => state.reviewerName;
export const selectLabelLanguage = (state: SettingsState) => state.labelLanguage;
export const selectSettingsLoaded = (state: SettingsState) => state.loaded;

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { classifyStorageError, errorMessage } from '../db/errors';
import { translate } from '../i18n';
import { useSettingsStore } from '../stores/settings/store';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** a change of this value (e.g. the view) clears a shown error */
  resetKey?: string;
  /** the outermost boundary: a crash there means the app itself failed, which the e2e fixture watches for */
  root?: boolean;
}

interface ErrorBoundaryState {
  error: unknown;
}

/**
 * Shows a calm explanation instead of a blank window when rendering fails. Storage problems
 * are named as such, because "reload" does not fix a full disk.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Maieutic view error', error, info.componentStack);
    if (this.props.root) document.documentElement.dataset.appState = 'error';
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const lang = useSettingsStore.getState().labelLanguage;
    const storage = classifyStorageError(error);
    return (
      <section className="error-panel" role="alert" data-testid="error-boundary">
        <h2>{translate(lang, storage ? `notice.${storage.kind}.title` : 'errorBoundary.title')}</h2>
        <p>{translate(lang, storage ? `notice.${storage.kind}.body` : 'errorBoundary.body')}</p>
        <pre className="error-detail">{storage?.detail ?? errorMessage(error)}</pre>
        <div className="button-row">
          <button type="button" onClick={() => this.setState({ error: null })}>
            {translate(lang, 'errorBoundary.retry')}
          </button>
          <button type="button" className="primary" onClick={() => window.location.reload()}>
            {translate(lang, 'errorBoundary.reload')}
          </button>
        </div>
      </section>
    );
  }
}

/**
 * Page object for the settings view.
 *
 * Test ids: settings-view, settings-back, settings-reviewer-name, settings-save-name,
 * settings-saved, settings-language-zh, settings-language-en, settings-storage.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class SettingsPage {
  readonly root: Locator;
  readonly backButton: Locator;
  readonly reviewerName: Locator;
  readonly saveNameButton: Locator;
  readonly saved: Locator;
  readonly storage: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('settings-view');
    this.backButton = page.getByTestId('settings-back');
    this.reviewerName = page.getByTestId('settings-reviewer-name');
    this.saveNameButton = page.getByTestId('settings-save-name');
    this.saved = page.getByTestId('settings-saved');
    this.storage = page.getByTestId('settings-storage');
  }

  languageRadio(language: 'zh' | 'en'): Locator {
    return this.page.getByTestId(`settings-language-${language}`);
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-settings').click();
    await expect(this.root).toBeVisible();
  }

  async setReviewerName(name: string): Promise<void> {
    await this.reviewerName.fill(name);
    await this.saveNameButton.click();
    await expect(this.saved).toBeVisible();
  }

  async setLanguage(language: 'zh' | 'en'): Promise<void> {
    await this.languageRadio(language).check();
    await expect(this.page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
  }
}

import { test, expect } from './fixtures/app';
import { StartPage } from './pages/start';
import { DatasetsPage } from './pages/datasets';

test.use({ allowedErrors: 'all' });
test('explore', async ({ app }) => {
  const start = new StartPage(app.page);
  console.log('START TEXT:', (await app.page.locator('body').innerText()).slice(0, 800));
  await start.openSample();
  const ds = new DatasetsPage(app.page);
  await ds.waitForRows();
  console.log('rowCount', await ds.rowCount(), 'rendered', (await ds.renderedIds()).length);
  console.log('summary', await ds.summary.innerText());
  const rows = await ds.rows.allInnerTexts();
  console.log(rows.slice(0, 40).join('\n'));
  console.log('ERRORS', app.errors);
});

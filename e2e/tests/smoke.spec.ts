import { expect, test } from '../fixtures/site';

test('the home page loads and has a title', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/\S/);
});

test('GET /api/plans lists the three plans', async ({ request }) => {
  const response = await request.get('/api/plans');
  expect(response.status()).toBe(200);
  const plans = (await response.json()) as Array<{ id: string }>;
  expect(plans.map((plan) => plan.id)).toEqual(['individualMonthly', 'familyMonthly', 'oneTimeVisit']);
});

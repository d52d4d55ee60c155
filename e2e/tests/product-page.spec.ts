import { acceptCookies } from './support/cookie-banner.ts';
import { listProducts, productTitle, type ApiProduct } from './support/catalog-api.ts';
import { brlText, percentOff } from './support/money.ts';
import { expect, test } from './support/test.ts';

/** A product a shopper can buy, with little stock and no price of its own for PIX (5% rule). */
async function smallStockProduct(request: Parameters<typeof listProducts>[0]): Promise<ApiProduct> {
  const products = await listProducts(request);
  const candidates = products
    .filter(
      (p) =>
        p.active &&
        p.stock_status === 'in_stock' &&
        p.stock_quantity >= 3 &&
        p.stock_quantity <= 10 &&
        p.pix_price_cents === null,
    )
    .sort((a, b) => a.stock_quantity - b.stock_quantity);
  const product = candidates[0];
  if (!product)
    throw new Error('The demo catalogue has no product with 3 to 10 units and no PIX price');
  return product;
}

test.describe('product page', () => {
  test('shows the price and the PIX price with 5% de desconto, and no instalments', async ({
    page,
    request,
  }) => {
    const product = await smallStockProduct(request);
    await page.goto(`/produto/${product.id}`);
    await acceptCookies(page);

    await expect(
      page.getByRole('heading', { level: 1, name: productTitle(product.name) }),
    ).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(productTitle(product.name)));
    await expect(page.getByRole('img', { name: product.name }).first()).toBeVisible();

    const price = product.price_cents;
    await expect(page.getByText(brlText(price), { exact: true })).toBeVisible();
    // Only PIX can be paid: no card method, so no instalments.
    await expect(page.getByText(/sem juros|\d+x de/)).toHaveCount(0);
    const pixLine = page.getByRole('paragraph').filter({ hasText: 'no PIX (5% de desconto)' });
    await expect(pixLine).toBeVisible();
    await expect(pixLine).toContainText(brlText(percentOff(price, 5)));
    await expect(page.getByText(`Últimas ${product.stock_quantity} unidades`)).toBeVisible();
    await expect(page.getByRole('link', { name: /Comprar pelo WhatsApp/ })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\//,
    );
  });

  test('keeps the quantity between 1 and the stock', async ({ page, request }) => {
    const product = await smallStockProduct(request);
    const stock = product.stock_quantity;
    const pix = percentOff(product.price_cents, 5);
    await page.goto(`/produto/${product.id}`);
    await acceptCookies(page);

    const quantity = page.getByRole('spinbutton', { name: 'Quantidade' });
    const minus = page.getByRole('button', { name: 'Remover uma unidade' });
    const plus = page.getByRole('button', { name: 'Adicionar uma unidade' });
    const pixTotal = page.getByText(/^Total no PIX:/);

    await expect(quantity).toHaveValue('1');
    await expect(minus, 'minus cannot go below 1').toBeDisabled();
    await quantity.fill('0');
    await expect(quantity).toHaveValue('1');
    await quantity.fill('-4');
    await expect(quantity).toHaveValue('1');

    // Typing more than the stock shows the stock.
    await quantity.fill(String(stock + 5));
    await expect(quantity).toHaveValue(String(stock));
    await expect(plus, 'plus stops at the stock').toBeDisabled();
    await expect(pixTotal).toContainText(brlText(pix * stock));

    // Down with minus to 1, then up with plus to the stock, one step at a time.
    for (let n = stock - 1; n >= 1; n--) {
      await minus.click();
      await expect(quantity).toHaveValue(String(n));
    }
    await expect(minus).toBeDisabled();
    await expect(pixTotal).toContainText(brlText(pix));
    for (let n = 2; n <= stock; n++) {
      await expect(plus).toBeEnabled();
      await plus.click();
      await expect(quantity).toHaveValue(String(n));
    }
    await expect(plus).toBeDisabled();
    await expect(quantity).toHaveValue(String(stock));
    await expect(pixTotal).toContainText(brlText(pix * stock));
  });
});

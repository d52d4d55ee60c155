// Server-rendered storefront (search engines, a quick first paint): the pages' content is in the
// HTML a script-less client
// gets, and the browser takes it over without redrawing it, asking the API again or moving it.
import type { APIRequestContext, Page } from '@playwright/test';
import { listProducts, productTitle } from './support/catalog-api.ts';
import { brlText } from './support/money.ts';
import { expect, test, waitForApp } from './support/test.ts';

/** A product of the demo catalogue's, with a quantity control on its page. */
async function noseProduct(request: APIRequestContext) {
  const [product] = await listProducts(request, { category: 'nariz' });
  if (!product) throw new Error('the demo catalogue has no nose piercing');
  return product;
}

/** The layout shift the page has accumulated so far (the CLS of its loading). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test.describe('storefront pages come rendered by the server', { tag: '@phone' }, () => {
  test('a product page: name, PIX price and stock text in the HTML, hydrated without asking again', async ({
    page,
    request,
  }) => {
    const product = await noseProduct(request);
    const title = productTitle(product.name);

    // As curl or a link preview gets it: no JavaScript, any Accept.
    const raw = await request.get(`/produto/${product.id}`, { headers: { accept: '*/*' } });
    expect(raw.status()).toBe(200);
    const html = await raw.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(title);
    expect(root).toContain(brlText(product.price_cents));
    expect(html).toContain('<meta property="og:type" content="product">');

    const apiCalls: string[] = [];
    // What the network did, in order: the page's code is asked for only once its main picture
    // has arrived (deferred-hydration.ts), so the two do not share a slow phone link.
    const network: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/products/${product.id}`)) apiCalls.push(r.url());
      if (/\/assets\/index-[\w-]+\.js$/.test(r.url())) network.push('entry script asked');
    });
    // The main picture at the size the screen takes from its srcset: the page size or the
    // 800 px copy (the gallery's thumbnails are the 480 px one).
    const main = new RegExp(`${(product.images[0] ?? '-').replace(/\.webp$/, '')}(-800)?\\.webp$`);
    page.on('requestfinished', (r) => {
      if (main.test(r.url())) network.push('main picture arrived');
    });
    await page.goto(`/produto/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Hydrated: the page answers clicks (the quantity control is React's).
    await page.getByRole('button', { name: 'Adicionar uma unidade' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Quantidade' })).toHaveValue('2');
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(apiCalls, 'the product the HTML carries is not asked for again').toEqual([]);
    expect(network).toEqual(['main picture arrived', 'entry script asked']);
    // And not only arrived: on screen, by the browser's own account (its largest-contentful-paint
    // entry), before the code was asked for; a frame's callbacks can run before it is presented.
    const timing = await page.evaluate(
      () =>
        new Promise<{ url: string; onScreen: number; scriptAsked: number }>((resolve) => {
          const script = performance
            .getEntriesByType('resource')
            .find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name));
          new PerformanceObserver((list) => {
            const largest = list.getEntries().at(-1) as PerformanceEntry & { url: string };
            resolve({
              url: largest.url,
              onScreen: largest.startTime,
              scriptAsked: script?.startTime ?? -1,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(timing.url).toMatch(main);
    expect(timing.scriptAsked).toBeGreaterThanOrEqual(timing.onScreen);
  });

  test('a tap on a button before the code has arrived is answered once the page is hydrated', async ({
    page,
    request,
  }) => {
    const product = await noseProduct(request);
    // A slow phone: the app's code arrives 2 s after the page has painted.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto(`/produto/${product.id}`, { waitUntil: 'commit' });
    const plus = page.getByRole('button', { name: 'Adicionar uma unidade' });
    await plus.click();
    await plus.click();
    const reactOwnsPage = () =>
      page.evaluate(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) =>
          key.startsWith('__reactContainer$'),
        ),
      );
    expect(await reactOwnsPage(), 'the taps came before hydration').toBe(false);
    await waitForApp(page);
    await expect(page.getByRole('spinbutton', { name: 'Quantidade' })).toHaveValue('3');
  });

  test('no page promises instalments while only PIX can be paid (no card method configured)', async ({
    request,
  }) => {
    const product = await noseProduct(request);
    for (const url of ['/', '/produtos', `/produto/${product.id}`]) {
      const response = await request.get(url, { headers: { accept: '*/*' } });
      expect(response.status(), url).toBe(200);
      const html = await response.text();
      expect(html, url).toContain('no PIX');
      expect(html, url).not.toMatch(/sem juros|parcel|\d+x de|até \d+x/i);
    }
  });

  test('an unknown product is a not-found page with its heading, in the HTML itself', async ({
    request,
  }) => {
    const response = await request.get('/produto/999999', { headers: { accept: '*/*' } });
    expect(response.status()).toBe(404);
    expect(await response.text()).toMatch(/<h1[^>]*>Produto não encontrado<\/h1>/);
  });

  test('the first banner holds its place before its picture arrives', async ({ page }) => {
    // A slow link: the banner's picture (a phone's crop of it or the whole) is held back until
    // the box has been measured, however long the page takes to arrive on a busy machine.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/banners\/banner-1(-phone)?\.webp$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const banner = page.getByRole('img', { name: /^Coleção titânio/ });
    // The stylesheet applies (the picture is cropped to fill its box), the picture is not there.
    await expect(banner).toHaveCSS('object-fit', 'cover');
    expect(await banner.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
    const box = await banner.boundingBox();
    const width = box?.width ?? 0;
    // Phones crop it to 4:3; wider screens show the banner's own 8:3.
    const ratio = width >= 640 ? 3 / 8 : 3 / 4;
    expect(box?.height).toBeCloseTo(width * ratio, 0);
    release();
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });

  test('the rules a page carries style it as the whole stylesheet does, which follows before the code', async ({
    page,
    request,
  }) => {
    // Three pages, each read twice over every element: about a second of work per page.
    test.setTimeout(120_000);
    const product = await noseProduct(request);
    for (const path of ['/', '/produtos', `/produto/${product.id}`]) {
      // The page's HTML carries its rules; no stylesheet holds its first paint back.
      const raw = await (await request.get(path, { headers: { accept: '*/*' } })).text();
      const head = raw.slice(0, raw.indexOf('</head>'));
      expect(head, path).toContain('<style>');
      expect(head, path).not.toContain('rel="stylesheet"');

      // The whole stylesheet is held back: the page stands on its own rules, and the app's code,
      // which waits for the stylesheet, does not change it meanwhile.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
        if (route.request().resourceType() === 'stylesheet') await held;
        await route.continue();
      });
      // 'commit': the page cannot hydrate while its stylesheet is held.
      await page.goto(path, { waitUntil: 'commit' });
      await page.waitForLoadState('domcontentloaded');
      await expect.poll(() => page.locator('link[rel=stylesheet]').count(), path).toBe(1);
      // Every element's computed style (and its ::before and ::after) with the page's rules
      // alone, then with the whole stylesheet added, read in one go on the same elements.
      const differences = await page.evaluate(async () => {
        const href = document.querySelector<HTMLLinkElement>('link[rel=stylesheet]')?.href ?? '';
        const full = await (await fetch(href)).text();
        const elements = [
          document.documentElement,
          ...Array.from(document.body.querySelectorAll('*')),
        ];
        const read = () =>
          elements.flatMap((element) =>
            [null, '::before', '::after'].map((pseudo) => {
              const style = getComputedStyle(element, pseudo);
              const values: string[] = [];
              for (let i = 0; i < style.length; i++) {
                const name = style.item(i);
                // Custom properties count where a property reads them.
                if (!name.startsWith('--')) values.push(`${name}: ${style.getPropertyValue(name)}`);
              }
              return values;
            }),
          );
        const own = read();
        const sheet = document.createElement('style');
        sheet.textContent = full;
        document.head.append(sheet);
        const whole = read();
        const found: string[] = [];
        own.forEach((values, at) => {
          const element = elements[Math.floor(at / 3)];
          const label = `${element?.tagName.toLowerCase()}.${element?.getAttribute('class') ?? ''}${['', '::before', '::after'][at % 3]}`;
          const other = whole[at] ?? [];
          values.forEach((value, i) => {
            if (value !== other[i]) found.push(`${label} ${value} → ${other[i]}`);
          });
          if (values.length !== other.length)
            found.push(`${label}: ${values.length} → ${other.length} properties`);
        });
        sheet.remove();
        return found;
      });
      expect(differences.slice(0, 10), path).toEqual([]);
      expect(
        await page.locator('script[type=module]').count(),
        'the code waits for the stylesheet',
      ).toBe(0);
      release();
      await waitForApp(page);
      // Hydrated, the page has the whole stylesheet for what the app draws next.
      expect(
        await page.evaluate(() =>
          Array.from(document.styleSheets).some((sheet) =>
            /\/assets\/index-[\w-]+\.css$/.test(sheet.href ?? ''),
          ),
        ),
        path,
      ).toBe(true);
      await page.unrouteAll();
    }
  });

  for (const path of ['/', '/produtos', '/categorias?categoria=orelha']) {
    test(`${path}: products in the HTML, no layout shift while it hydrates`, async ({
      page,
      request,
    }) => {
      const listed = await listProducts(
        request,
        path.includes('orelha') ? { category: 'orelha' } : {},
      );
      const raw = await (await request.get(path, { headers: { accept: '*/*' } })).text();
      const root = raw.slice(raw.indexOf('<div id="root">'));
      // The first product of the listing is in the page before any script runs.
      expect(root).toContain(productTitle(listed[0]?.name ?? ''));

      const listCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/products?')) listCalls.push(r.url());
      });
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page)).toBeLessThan(0.01);
      expect(listCalls, 'the listing the HTML carries is not asked for again').toEqual([]);
    });
  }
});

/**
 * The portal as a browser sees it: headless Debian Chromium (playwright-core, the e2e flags) against the bench stack.
 * JavaScript sizes are the browser's own transfer sizes (CDP Network.loadingFinished encodedDataLength: the bytes on
 * the wire, compressed bodies plus response headers), not file sizes.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

/** The e2e flags (tests/e2e/browser.ts). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface JsTally {
  files: number;
  /** Bytes on the wire (encodedDataLength), headers included. */
  transferred: number;
  /** Decoded bytes (sum of Network.dataReceived dataLength). */
  decoded: number;
  fromCache: number;
  /** Each script fetched over the network: path and bytes on the wire, largest first. */
  byFile: Array<{ path: string; transferred: number }>;
}

/** Counts every script response the page receives over CDP (responses of the page and of its workers' loaders). */
export class ScriptMeter {
  private readonly scripts = new Map<string, { path: string; transferred: number; decoded: number; cached: boolean; done: boolean }>();
  private readonly inflight = new Set<string>();
  private lastActivity = performance.now();

  private constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<ScriptMeter> {
    const cdp = await page.context().newCDPSession(page);
    const meter = new ScriptMeter(cdp);
    const touch = () => {
      meter.lastActivity = performance.now();
    };
    cdp.on('Network.requestWillBeSent', (e) => {
      meter.inflight.add(e.requestId);
      touch();
    });
    cdp.on('Network.responseReceived', (e) => {
      // The dashboard's live event stream never finishes: it does not count as a request in flight.
      if (e.response.mimeType === 'text/event-stream') meter.inflight.delete(e.requestId);
      if (e.type === 'Script' || /\.m?js(\?|$)/.test(new URL(e.response.url).pathname)) {
        meter.scripts.set(e.requestId, {
          path: new URL(e.response.url).pathname,
          transferred: 0,
          decoded: 0,
          cached: !!e.response.fromDiskCache,
          done: false,
        });
      }
      touch();
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const s = meter.scripts.get(e.requestId);
      if (s) s.cached = true;
    });
    cdp.on('Network.dataReceived', (e) => {
      const s = meter.scripts.get(e.requestId);
      if (s) s.decoded += e.dataLength;
      touch();
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = meter.scripts.get(e.requestId);
      if (s) Object.assign(s, { transferred: e.encodedDataLength, done: true });
      meter.inflight.delete(e.requestId);
      touch();
    });
    cdp.on('Network.loadingFailed', (e) => {
      meter.inflight.delete(e.requestId);
      touch();
    });
    await cdp.send('Network.enable');
    return meter;
  }

  /** Resolves once no request (but a live event stream) has been in flight for `quietMs` (or after `maxMs`). */
  async idle(quietMs = 500, maxMs = 20_000): Promise<void> {
    const t0 = performance.now();
    while (performance.now() - t0 < maxMs) {
      if (this.inflight.size === 0 && performance.now() - this.lastActivity >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  tally(): JsTally {
    const all = [...this.scripts.values()].filter((s) => s.done);
    return {
      files: all.length,
      transferred: all.reduce((n, s) => n + (s.cached ? 0 : s.transferred), 0),
      decoded: all.reduce((n, s) => n + s.decoded, 0),
      fromCache: all.filter((s) => s.cached).length,
      byFile: all
        .filter((s) => !s.cached)
        .map((s) => ({ path: s.path, transferred: s.transferred }))
        .sort((a, b) => b.transferred - a.transferred),
    };
  }

  async detach(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }
}

/** In the injected scripts: the number of table rows holding a kit id (a Lab Results row, not the dashboard's bookings). */
const KIT_ROWS = `[...document.querySelectorAll('tbody tr')].filter((tr) => /KT\\d{7}/.test(tr.textContent || '')).length`;

/**
 * Installed before any page script: records (performance.now(), i.e. ms since the navigation started) when the
 * first table row holding a kit id appears and when `sessionStorage['bench.rowTarget']` such rows are there, each taken after the
 * next frame (rAF + task), so the figure includes layout and paint.
 */
const ROW_WATCH = `(() => {
  const marks = (window.__rowMarks = {});
  const count = () => ${KIT_ROWS};
  const afterPaint = (key) => requestAnimationFrame(() => setTimeout(() => { marks[key] = performance.now(); }));
  new MutationObserver(() => {
    const n = count();
    if (n > 0 && marks.firstSeen === undefined) { marks.firstSeen = performance.now(); afterPaint('first'); }
    const target = Number(sessionStorage.getItem('bench.rowTarget') || 0);
    if (target && n >= target && marks.allSeen === undefined) { marks.allSeen = performance.now(); afterPaint('all'); }
  }).observe(document, { childList: true, subtree: true });
})();`;

interface RowMarks {
  first?: number;
  all?: number;
  listResponseEnd?: number;
}

/**
 * Installed before any page script: records (performance.now(), after the next frame) when a level-2 heading whose
 * text is `sessionStorage['bench.contentText']` appears: a detail screen's first content (the patient card's name, the
 * booking header's name).
 */
const CONTENT_WATCH = `(() => {
  const marks = (window.__contentMarks = {});
  new MutationObserver(() => {
    const text = sessionStorage.getItem('bench.contentText');
    if (!text || marks.seen !== undefined) return;
    if ([...document.querySelectorAll('h2')].some((h) => h.textContent === text)) {
      marks.seen = performance.now();
      requestAnimationFrame(() => setTimeout(() => { marks.first = performance.now(); }));
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

/** A detail screen timed from navigation to its first content: its address and the heading text that shows it. */
export interface DetailPage {
  name: string;
  url: string;
  heading: string;
}

async function waitForRows(page: Page, target: number): Promise<RowMarks> {
  await page.waitForFunction(
    (t) => {
      const m = (window as unknown as { __rowMarks?: RowMarks }).__rowMarks;
      return m && m.first !== undefined && (!t || m.all !== undefined);
    },
    target,
    { timeout: 30_000, polling: 50 },
  );
  return page.evaluate(() => {
    const m = (window as unknown as { __rowMarks: RowMarks }).__rowMarks;
    const list = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/secure/testResult'))
      .at(-1) as PerformanceResourceTiming | undefined;
    return { ...m, listResponseEnd: list?.responseEnd };
  });
}

export interface PortalTimings {
  signIn: JsTally;
  dashboard: JsTally;
  /**
   * ms from a press on the menu's Lab Results, signed in on the dashboard, to its first row painted: the way a person
   * opens it after sign-in (a route change; the screen's own chunks fetched on this first visit). A new tab each run.
   */
  firstRowFromMenu: number[];
  /**
   * ms from navigation to the first row when the address is typed into the tab right after sign-in: a new tab each run,
   * the sign-in and dashboard chunks in its cache, the list's own fetched on this first visit.
   */
  firstRowFirstVisit: number[];
  /** ms from navigation to the first Lab Results row painted, signed in, runs in order. */
  firstRowWarm: number[];
  firstRowCold: number[];
  /** The same, navigating from another site's page (a new browsing context group: a fresh renderer process). */
  firstRowFromOtherSite: number[];
  /** 200-row page: ms from the list response's end to the 200th row painted, and from navigation. */
  render200: Array<{ afterData: number; fromNavigation: number }>;
  /** Each detail page: ms from navigation to its first content painted, signed in, warm and cold HTTP cache. */
  details: Record<string, { warm: number[]; cold: number[] }>;
  /** The series that failed, each with its first error line; the others still ran. */
  failed: Partial<Record<string, string>>;
}

type SeriesName =
  'firstRowFromMenu' | 'firstRowFirstVisit' | 'firstRowWarm' | 'firstRowCold' | 'firstRowFromOtherSite' | 'render200' | `detail ${string}`;

export const labResultsUrl = (base: string, perPage: number) =>
  `${base}/result?${new URLSearchParams({ filter: JSON.stringify({ queryType: 'ALL', myStates: false }), page: '1', perPage: String(perPage), sort: 'createDateTime', order: 'DESC' })}`;

/** Fills the sign-in form shown on the page, submits it and waits for the dashboard's nine cards. */
async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="card-count"]').length === 9, undefined, { timeout: 30_000, polling: 50 });
}

/**
 * Signs in as a person would in one tab and meters the scripts it downloads. The tab stays open: the tokens live in
 * sessionStorage (one tab's session), so every later figure navigates this same tab.
 */
async function signInAndMeter(context: BrowserContext, base: string, email: string, password: string) {
  const page = await context.newPage();
  const meter = await ScriptMeter.attach(page);
  await page.goto(`${base}/`);
  await page.getByLabel('Email').waitFor();
  await meter.idle();
  const signIn = meter.tally();
  await submitSignIn(page, email, password);
  await meter.idle();
  const dashboard = meter.tally();
  await meter.detach();
  return { page, signIn, dashboard };
}

interface NavigationOptions {
  cold?: boolean;
  fromOtherSite?: boolean;
}

/**
 * Navigates to `url` as every timed visit does: the page's watcher told what to look for (a sessionStorage entry), the
 * HTTP cache cleared for a cold visit, and from a page of the same site (or of another, a fresh renderer process).
 */
async function navigate(page: Page, cdp: CDPSession, url: string, watch: [key: string, value: string], opts: NavigationOptions) {
  await page.evaluate(([k, v]) => sessionStorage.setItem(k, v), watch);
  if (opts.cold) await cdp.send('Network.clearBrowserCache');
  await page.goto(opts.fromOtherSite ? 'about:blank' : new URL('/favicon.png', url).toString());
  await page.goto(url);
}

/**
 * Navigates the signed-in tab to `url` and waits for its rows; `cold` empties the HTTP cache first. Each run is a full
 * navigation (a new document, no client-side route change) from another page of the portal's origin, as a reload or an
 * address typed into the portal's tab is. `fromOtherSite` leaves from about:blank instead: the server's
 * Cross-Origin-Opener-Policy (same-origin) then puts the portal in a new browsing context group, i.e. a fresh renderer
 * process with nothing compiled, as when a link on another site opens the portal in the same tab.
 */
async function timeList(page: Page, cdp: CDPSession, url: string, target: number, opts: NavigationOptions = {}): Promise<RowMarks> {
  await navigate(page, cdp, url, ['bench.rowTarget', String(target)], opts);
  return waitForRows(page, target);
}

/** As timeList, for a detail page: navigation -> its heading painted. */
async function timeContent(page: Page, cdp: CDPSession, detail: DetailPage, cold = false): Promise<number> {
  await navigate(page, cdp, detail.url, ['bench.contentText', detail.heading], { cold });
  type Marks = { first?: number };
  await page.waitForFunction(() => (window as unknown as { __contentMarks?: Marks }).__contentMarks?.first !== undefined, undefined, {
    timeout: 30_000,
    polling: 50,
  });
  return page.evaluate(() => (window as unknown as { __contentMarks: Marks }).__contentMarks.first!);
}

/** Records (performance.now()) the press on the page and, after the next frame, the first row holding a kit id. */
const PRESS_TO_ROW = `(() => {
  const m = (window.__pressMarks = {});
  document.addEventListener('pointerdown', () => { m.press ??= performance.now(); }, { capture: true });
  new MutationObserver(() => {
    if (m.press === undefined || m.seen !== undefined) return;
    if (${KIT_ROWS} > 0) {
      m.seen = performance.now();
      requestAnimationFrame(() => setTimeout(() => { m.first = performance.now(); }));
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

/**
 * In a new tab (nothing cached; `initScript` installed before any page script), signs in, waits until the dashboard has
 * stopped fetching, then runs `use` there. The tab is closed afterwards.
 */
async function onFreshDashboard<T>(
  browser: Browser,
  base: string,
  email: string,
  password: string,
  use: (page: Page) => Promise<T>,
  initScript?: string,
): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    if (initScript) await context.addInitScript(initScript);
    const page = await context.newPage();
    const meter = await ScriptMeter.attach(page);
    await page.goto(`${base}/`);
    await submitSignIn(page, email, password);
    await meter.idle(500, 10_000);
    await meter.detach();
    return await use(page);
  } finally {
    await context.close();
  }
}

/** Signed in on the dashboard of a new tab, presses Lab Results in the menu: press -> first row. */
function timeFromMenu(browser: Browser, base: string, email: string, password: string): Promise<number> {
  return onFreshDashboard(browser, base, email, password, async (page) => {
    await page.evaluate(PRESS_TO_ROW);
    await page.getByRole('menuitem', { name: 'Lab Results' }).click();
    type Marks = { press?: number; first?: number };
    await page.waitForFunction(() => (window as unknown as { __pressMarks: Marks }).__pressMarks.first !== undefined, undefined, {
      timeout: 30_000,
      polling: 50,
    });
    return page.evaluate(() => {
      const m = (window as unknown as { __pressMarks: Marks }).__pressMarks;
      return m.first! - m.press!;
    });
  });
}

/** Signed in on the dashboard of a new tab, opens the Lab Results address in that tab: navigation -> first row. */
function timeFirstVisitByUrl(browser: Browser, base: string, email: string, password: string): Promise<number> {
  return onFreshDashboard(
    browser,
    base,
    email,
    password,
    async (page) => (await timeList(page, await page.context().newCDPSession(page), labResultsUrl(base, 50), 0)).first!,
    ROW_WATCH,
  );
}

/** Signs in as a person would, then times the Lab Results list and the `details` pages; `runs` timings of each. */
export async function measurePortal(base: string, email: string, password: string, details: DetailPage[] = [], runs = 5): Promise<PortalTimings> {
  const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript(ROW_WATCH);
    await context.addInitScript(CONTENT_WATCH);
    const { page, signIn, dashboard } = await signInAndMeter(context, base, email, password);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');

    const out: PortalTimings = {
      signIn,
      dashboard,
      firstRowFromMenu: [],
      firstRowFirstVisit: [],
      firstRowWarm: [],
      firstRowCold: [],
      firstRowFromOtherSite: [],
      render200: [],
      details: {},
      failed: {},
    };
    /** Runs one series; a failure (a timeout, say) is recorded for that line alone and the next series still runs. */
    const series = async (name: SeriesName, run: () => Promise<void>) => {
      try {
        await run();
      } catch (err) {
        out.failed[name] = (err instanceof Error ? err.message : String(err)).split('\n')[0];
      }
    };
    await series('firstRowFromMenu', async () => {
      for (let i = 0; i < runs; i++) out.firstRowFromMenu.push(await timeFromMenu(browser, base, email, password));
    });
    await series('firstRowFirstVisit', async () => {
      for (let i = 0; i < runs; i++) out.firstRowFirstVisit.push(await timeFirstVisitByUrl(browser, base, email, password));
    });
    await series('firstRowWarm', async () => {
      await timeList(page, cdp, labResultsUrl(base, 50), 0); // warm-up: the list's chunks into the HTTP cache
      for (let i = 0; i < runs; i++) out.firstRowWarm.push((await timeList(page, cdp, labResultsUrl(base, 50), 0)).first!);
    });
    // Cold: the same signed-in tab with its HTTP cache emptied, so every asset is fetched again.
    await series('firstRowCold', async () => {
      for (let i = 0; i < runs; i++) out.firstRowCold.push((await timeList(page, cdp, labResultsUrl(base, 50), 0, { cold: true })).first!);
    });
    await series('firstRowFromOtherSite', async () => {
      await timeList(page, cdp, labResultsUrl(base, 50), 0); // the HTTP cache warm again
      for (let i = 0; i < runs; i++)
        out.firstRowFromOtherSite.push((await timeList(page, cdp, labResultsUrl(base, 50), 0, { fromOtherSite: true })).first!);
    });
    await series('render200', async () => {
      for (let i = 0; i < runs; i++) {
        const m = await timeList(page, cdp, labResultsUrl(base, 200), 200);
        out.render200.push({ afterData: m.all! - (m.listResponseEnd ?? NaN), fromNavigation: m.all! });
      }
    });
    for (const detail of details) {
      const d = (out.details[detail.name] = { warm: [] as number[], cold: [] as number[] });
      await series(`detail ${detail.name}`, async () => {
        await timeContent(page, cdp, detail); // warm-up: the page's chunks into the HTTP cache
        for (let i = 0; i < runs; i++) d.warm.push(await timeContent(page, cdp, detail));
        for (let i = 0; i < runs; i++) d.cold.push(await timeContent(page, cdp, detail, true));
      });
    }
    await context.close();
    return out;
  } finally {
    await browser.close();
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

import { describe, expect, it } from 'vitest';
import {
  auditExamples,
  failingAudits,
  medianRun,
  summarizeLhr,
  type LhrLike,
} from './lighthouse-summary.ts';

function lhr(scores: { performance: number; accessibility: number }): LhrLike {
  return {
    finalDisplayedUrl: 'http://127.0.0.1:3000/',
    runWarnings: [],
    environment: { benchmarkIndex: 1500 },
    categories: {
      performance: {
        score: scores.performance,
        auditRefs: [
          { id: 'largest-contentful-paint', weight: 25 },
          { id: 'total-blocking-time', weight: 30 },
          { id: 'unused-javascript', weight: 0 },
        ],
      },
      accessibility: {
        score: scores.accessibility,
        auditRefs: [{ id: 'color-contrast', weight: 7 }],
      },
      'best-practices': { score: 1, auditRefs: [] },
      seo: { score: 1, auditRefs: [{ id: 'meta-description', weight: 1 }] },
    },
    audits: {
      'largest-contentful-paint': {
        id: 'largest-contentful-paint',
        title: 'Largest Contentful Paint',
        score: 0.8,
        scoreDisplayMode: 'numeric',
        displayValue: '2.9 s',
      },
      'total-blocking-time': {
        id: 'total-blocking-time',
        title: 'Total Blocking Time',
        score: 1,
        scoreDisplayMode: 'numeric',
        displayValue: '10 ms',
      },
      'unused-javascript': {
        id: 'unused-javascript',
        title: 'Reduce unused JavaScript',
        score: 0.5,
        scoreDisplayMode: 'metricSavings',
      },
      'color-contrast': {
        id: 'color-contrast',
        title: 'Contrast',
        score: 0,
        scoreDisplayMode: 'binary',
        details: {
          type: 'table',
          items: [{ node: { selector: 'a.price', snippet: '<a class="price">' } }],
        },
      },
      'meta-description': {
        id: 'meta-description',
        title: 'Meta description',
        score: null,
        scoreDisplayMode: 'notApplicable',
      },
    },
  };
}

describe('failingAudits', () => {
  it('lists audits under 1, weighted ones first, and skips passed and unscored ones', () => {
    expect(failingAudits(lhr({ performance: 0.9, accessibility: 1 }), 'performance')).toEqual([
      {
        id: 'largest-contentful-paint',
        title: 'Largest Contentful Paint',
        score: 0.8,
        weight: 25,
        displayValue: '2.9 s',
      },
      { id: 'unused-javascript', title: 'Reduce unused JavaScript', score: 0.5, weight: 0 },
    ]);
  });
});

describe('summarizeLhr', () => {
  it('reports failing audits only for categories under their target', () => {
    const summary = summarizeLhr(lhr({ performance: 0.98, accessibility: 0.95 }));
    expect(summary.scores).toEqual({
      performance: 0.98,
      accessibility: 0.95,
      'best-practices': 1,
      seo: 1,
    });
    expect(Object.keys(summary.failing)).toEqual(['accessibility']);
    expect(summary.failing.accessibility?.[0]?.id).toBe('color-contrast');
    expect(summary.failing.accessibility?.[0]?.examples).toEqual(['a.price <a class="price">']);
    expect(summary.metrics['largest-contentful-paint']).toBe('2.9 s');
  });
});

describe('auditExamples', () => {
  it('names console errors by source and message, and ignores details without items', () => {
    const details = {
      type: 'table',
      items: [{ source: 'network', description: 'Failed to load resource: 404', url: '/x.png' }],
    };
    expect(auditExamples(details)).toEqual(['network Failed to load resource: 404 /x.png']);
    expect(auditExamples({ type: 'opportunity' })).toEqual([]);
    expect(auditExamples({ type: 'list', items: [{ description: '[help](https://x)' }] })).toEqual(
      [],
    );
    expect(auditExamples(undefined)).toEqual([]);
  });
});

describe('runtime errors', () => {
  it('marks a run Lighthouse could not measure', () => {
    const broken = {
      ...lhr({ performance: 0.9, accessibility: 1 }),
      runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' },
    };
    const summary = summarizeLhr(broken);
    expect(summary.runtimeError).toBe('NO_FCP');
    expect(summary.warnings[0]).toBe('NO_FCP: The page did not paint any content.');
    expect(summarizeLhr(lhr({ performance: 0.9, accessibility: 1 })).runtimeError).toBeUndefined();
  });
});

describe('auditExamples of an LCP breakdown', () => {
  const details = {
    type: 'list',
    items: [
      { type: 'table', items: [{ node: { selector: 'img.hero', snippet: '<img>' } }] },
      {
        type: 'table',
        items: [
          { phase: 'TTFB', timing: 600.4 },
          { phase: 'Load Delay', timing: 1200 },
          { phase: 'Load Time', timing: 300 },
          { phase: 'Render Delay', timing: 80 },
        ],
      },
    ],
  };

  it('reads the element and the phases from the nested tables', () => {
    expect(auditExamples(details)).toEqual([
      'img.hero <img>',
      'TTFB: 600 ms',
      'Load Delay: 1200 ms',
      'Load Time: 300 ms',
      'Render Delay: 80 ms',
    ]);
  });

  it('is kept in every summary, a passing one included', () => {
    const passing = lhr({ performance: 1, accessibility: 1 });
    passing.audits['largest-contentful-paint-element'] = {
      id: 'largest-contentful-paint-element',
      title: 'Largest Contentful Paint element',
      score: null,
      scoreDisplayMode: 'informative',
      details,
    };
    const summary = summarizeLhr(passing);
    expect(summary.failing).toEqual({});
    expect(summary.lcp).toEqual(auditExamples(details));
    expect(summarizeLhr(lhr({ performance: 1, accessibility: 1 })).lcp).toEqual([]);
  });
});

describe('medianRun', () => {
  it('keeps the run with the median performance score', () => {
    const runs = [0.99, 0.91, 0.96].map((performance) =>
      summarizeLhr(lhr({ performance, accessibility: 1 })),
    );
    expect(medianRun(runs).scores.performance).toBe(0.96);
  });
});

import { describe, expect, it } from 'vitest';
import { planTime } from './explain-statement.ts';

describe('planTime', () => {
  const plan = [
    'Limit  (cost=0.28..1.02 rows=10 width=16) (actual time=0.031..0.045 rows=10 loops=1)',
    '  Buffers: shared hit=3',
    'Planning Time: 0.412 ms',
    'Execution Time: 2.507 ms',
  ];

  it('reads the times EXPLAIN ANALYZE prints on lines of their own', () => {
    expect(planTime(plan, 'Execution Time')).toBe(2.507);
    expect(planTime(plan, 'Planning Time')).toBe(0.412);
  });

  it('is NaN when the plan has no such line', () => {
    expect(planTime(plan.slice(0, 2), 'Execution Time')).toBeNaN();
  });
});

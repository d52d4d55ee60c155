import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ListLoadError } from './list-filters.tsx';

interface ListPage {
  total: number;
  page: number;
  total_pages: number;
}

/**
 * What stands under a panel list's filters: the load error, the spinner, then the count and
 * either `empty` or the page's rows (`children`) with the pages below them.
 */
export function ListResults<Page extends ListPage>({
  list,
  loadingLabel,
  count,
  empty,
  rowsOf,
  pagesLabel = 'Páginas',
  children,
}: {
  list: UseQueryResult<Page>;
  loadingLabel: string;
  count: (total: number) => string;
  empty: string;
  rowsOf: (page: Page) => readonly unknown[];
  pagesLabel?: string;
  children: (page: Page) => ReactNode;
}) {
  const data = list.data;
  return (
    <>
      {list.isError ? (
        <ListLoadError
          className="mt-4"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={loadingLabel} />
        </div>
      ) : null}
      {data ? (
        <>
          <p className="mt-4 text-sm text-ink-700" aria-live="polite">
            {count(data.total)}
          </p>
          {rowsOf(data).length === 0 ? (
            <p className="py-10 text-center text-ink-700">{empty}</p>
          ) : (
            <>
              {children(data)}
              <Pagination page={data.page} totalPages={data.total_pages} label={pagesLabel} />
            </>
          )}
        </>
      ) : null}
    </>
  );
}

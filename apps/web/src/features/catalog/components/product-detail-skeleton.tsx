import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function ProductDetailSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <Skeleton className="mb-6 h-4 w-40" />
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <Skeleton className="aspect-square w-full rounded-2xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-9 w-4/5" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-32 w-full rounded-2xl" />
          <Skeleton className="h-11 w-2/3 rounded-full" />
          <Skeleton className="h-12 w-full rounded-full" />
        </div>
      </div>
      <p role="status" className="sr-only">
        Carregando produto...
      </p>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { useGetOne, useShowContext, type Identifier, type RaRecord, type UseGetOneOptions } from 'react-admin';

/**
 * A detail screen's record. react-admin seeds a resource's getOne cache with the rows of its lists (ra-core's
 * useGetList "optimistically populate the getOne cache"), so a record opened from its list is first given the list
 * row, which lacks the detail's fields. Every detail screen reads its record through one of these two: a record that
 * `isDetail` does not recognise counts as still loading (`preview` keeps the row, for a heading), and is fetched.
 */
interface DetailState<T> {
  data: T | undefined;
  preview: unknown;
  isPending: boolean;
  isError: boolean;
  error: Error | null | undefined;
}

function useDetailOf<T>(
  record: T | undefined,
  isDetail: (r: unknown) => boolean,
  query: { isPending: boolean; isFetching: boolean; error: Error | null | undefined; refetch: () => unknown },
): DetailState<T> {
  // Once this screen has fetched, the record is the server's answer, whatever fields the caller's role receives.
  const fetched = useRef(false);
  const fromServer = fetched.current && !query.isFetching;
  if (query.isFetching) fetched.current = true;
  const complete = record !== undefined && (fromServer || isDetail(record));
  const partial = record !== undefined && !complete;
  // A row standing in with no fetch under way (a cache configured as fresh): fetch the detail, once.
  const fetchNow = partial && !fetched.current && !query.error;
  const { refetch } = query;
  useEffect(() => {
    if (fetchNow) void refetch();
  }, [fetchNow, refetch]);
  return {
    data: complete ? record : undefined,
    preview: partial ? record : undefined,
    isPending: query.isPending || (partial && !query.error),
    isError: !!query.error,
    error: query.error,
  };
}

/** getOne of `resource` for a detail screen (see above). */
export function useDetailRecord<T extends RaRecord>(
  resource: string,
  id: Identifier,
  isDetail: (r: unknown) => boolean,
  options?: UseGetOneOptions<T>,
) {
  const query = useGetOne<T>(resource, { id }, options);
  return { ...useDetailOf(query.data, isDetail, query), refetch: query.refetch };
}

/** The record of the enclosing ShowBase, for a detail screen (see above). */
export function useDetailShowContext<T extends RaRecord>(isDetail: (r: unknown) => boolean) {
  const context = useShowContext<T>();
  return useDetailOf(context.record, isDetail, {
    isPending: context.isPending,
    isFetching: context.isFetching,
    error: context.error as Error | null | undefined,
    refetch: context.refetch,
  });
}

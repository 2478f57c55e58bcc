/**
 * The page sizes a list offers (issue 11 item 12): only those the server
 * serves, `SYSTEM_SAFETY_API.paging.limit` governing both sides. A size
 * remembered from before the limit was lowered is brought down to it.
 */
import { useEffect, useState } from 'react';
import { Pagination, useListContext } from 'react-admin';
import { DEFAULT_PAGE_SIZE, pageSizesUpTo } from '../../schema/options';
import { apiInit } from '../api/http';

/** The server's limit, once known (until then the default size, which every limit allows). */
function usePageLimit(): number | undefined {
  const [limit, setLimit] = useState<number>();
  useEffect(() => {
    let live = true;
    apiInit().then((init) => live && init.pageLimit && setLimit(init.pageLimit), () => undefined);
    return () => void (live = false);
  }, []);
  return limit;
}

export function ListPagination() {
  const limit = usePageLimit();
  const { perPage, setPerPage, error } = useListContext();
  useEffect(() => {
    if (limit && perPage > limit) setPerPage(limit);
  }, [limit, perPage, setPerPage]);
  // A failed read has no rows to count: no "1-10 of 10" beside its error.
  if (error) return null;
  return <Pagination rowsPerPageOptions={limit ? pageSizesUpTo(limit) : [DEFAULT_PAGE_SIZE]} />;
}

import { useParams, useSearchParams } from 'react-router';

/** A token from the route (/:token) or the query (?token= or ?t=). */
export function useTokenParam(): string {
  const params = useParams();
  const [search] = useSearchParams();
  return (params.token ?? search.get('token') ?? search.get('t') ?? '').trim();
}

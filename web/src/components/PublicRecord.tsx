// The public QR pages' one record (a certificate, a property's tax certificate, a receipt): read
// by the server into the page when it rendered it (lib/preloaded.ts), found or refused, or else by
// the browser; and the states around it, in the same words on every page: what the address lacks,
// loading, the error with the server's reason, nothing found. Plain elements (public pages, no MUI).
import { useEffect, useRef, useState } from 'react';
import { preloaded, preloadedFailure, type ReadFailure } from '../lib/preloaded.ts';
import './public-record.css';

export type RecordState<T> =
  { status: 'loading' } | { status: 'error'; message: string; reason?: string } | { status: 'empty' } | { status: 'loaded'; record: T };

export interface RecordSource<T> {
  /** The API path of the read, as the server reads it for the page; null when the address lacks what it needs. */
  path: string | null;
  /** The browser's read, when the server's is not in the page: the record, or null when there is none. */
  fetch: (signal: AbortSignal) => Promise<T | null>;
  /** The record from the API's result, when it is not the result itself. */
  fromResult?: (result: unknown) => T | null;
  /** The error the browser's read throws for the answer the server got (a 4xx), so both show the same words. */
  fromFailure: (failure: ReadFailure) => Error;
}

const errorState = (err: Error): RecordState<never> => ({
  status: 'error',
  message: err.message,
  reason: (err as { reason?: string }).reason,
});

/** The state the server's reads give, or loading when it made none. */
function fromPage<T>(source: RecordSource<T>): RecordState<T> {
  if (!source.path) return { status: 'loading' };
  const failure = preloadedFailure(source.path);
  if (failure) return errorState(source.fromFailure(failure));
  const result = preloaded<unknown>(source.path);
  if (result === undefined) return { status: 'loading' };
  const record = source.fromResult ? source.fromResult(result) : (result as T | null);
  return record ? { status: 'loaded', record } : { status: 'empty' };
}

/** The record at `source.path`: from the page when the server read it, else read in the browser. */
export function usePublicRecord<T>(source: RecordSource<T>): RecordState<T> {
  const { path } = source;
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });
  const [held, setHeld] = useState(() => ({ path, state: fromPage(source) }));
  // Another address in the same page (the staff app's router): start again from its own reads.
  const state = held.path === path ? held.state : fromPage(source);

  useEffect(() => {
    const s = latest.current;
    if (!path || fromPage(s).status !== 'loading') return;
    const ctrl = new AbortController();
    s.fetch(ctrl.signal)
      .then((record) => setHeld({ path, state: record ? { status: 'loaded', record } : { status: 'empty' } }))
      .catch((err: Error) => {
        if (!ctrl.signal.aborted) setHeld({ path, state: errorState(err) });
      });
    return () => ctrl.abort();
  }, [path]);
  return state;
}

export interface RecordTexts {
  loading: string;
  empty: string;
  /** Put before the error's message ("Error: "). */
  errorPrefix?: string;
  /** Said first, in Marathi, with the spec's English error after it in brackets (issue 29). */
  errorMr?: string;
}

/** The page's body: the states in their words, or the record as `children` draws it. */
export function PublicRecord<T>({
  state,
  missing,
  texts,
  reasonTestId,
  children,
}: {
  state: RecordState<T>;
  /** What the address lacks for the read (the source's path is null), in the page's words. */
  missing?: string;
  texts: RecordTexts;
  /** The test id of the server's reason under an error. */
  reasonTestId?: string;
  children: (record: T) => React.ReactNode;
}) {
  if (missing)
    return (
      <p className="qr-state qr-state--error" role="alert">
        {missing}
      </p>
    );
  if (state.status === 'loading')
    return (
      <p className="qr-state" role="status">
        {texts.loading}
      </p>
    );
  if (state.status === 'error')
    return (
      <>
        <p className="qr-state qr-state--error" role="alert">
          {texts.errorMr ? `${texts.errorMr} (${texts.errorPrefix ?? ''}${state.message})` : `${texts.errorPrefix ?? ''}${state.message}`}
        </p>
        {state.reason && (
          <p className="qr-state" data-testid={reasonTestId}>
            {state.reason}
          </p>
        )}
      </>
    );
  if (state.status === 'empty') return <p className="qr-state">{texts.empty}</p>;
  return <>{children(state.record)}</>;
}

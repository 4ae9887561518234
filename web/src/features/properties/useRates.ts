// The council's assessment rates for the live computation (GET /api/TaxRates), read once a screen.
import { useEffect, useState } from 'react';
import type { Rates } from '../../../../common/property/assessment.ts';
import { fetchRates } from './api.ts';

export function useRates(): { rates: Rates | null; error: string } {
  const [state, setState] = useState<{ rates: Rates | null; error: string }>({ rates: null, error: '' });
  useEffect(() => {
    const ctrl = new AbortController();
    fetchRates(ctrl.signal)
      .then((r) => setState({ rates: r.rates as Rates, error: '' }))
      .catch((err: Error) => {
        if (!ctrl.signal.aborted) setState({ rates: null, error: err.message || 'Failed to fetch data' });
      });
    return () => ctrl.abort();
  }, []);
  return state;
}

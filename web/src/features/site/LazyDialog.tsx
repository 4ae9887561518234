// The modal, fetched on its first opening and kept mounted afterwards so it can animate closed.
import { lazy, Suspense, useState } from 'react';
import type { InfoDialogProps } from './Dialog.tsx';

const InfoDialog = lazy(() => import('./Dialog.tsx'));

export default function LazyDialog(props: InfoDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <InfoDialog {...props} />
    </Suspense>
  );
}

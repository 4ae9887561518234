// A sticky bar at the bottom of a form (Cancel / Save) must never cover the field that has focus
// (WCAG 2.2 "focus not obscured"): when a field gets focus behind the bar, the page scrolls it
// clear. CSS scroll-padding alone does not move a field that is already inside the viewport.
import { useEffect, type RefObject } from 'react';

/** The gap left between the focused field and the bar, px. */
const GAP = 16;

export function useFocusClear(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      const el = e.target;
      const b = bar.current;
      if (!(el instanceof HTMLElement) || !b || b.contains(el)) return;
      // The field's box: a text field's input sits inside its outlined frame.
      const box = (el.closest('.MuiFormControl-root') ?? el).getBoundingClientRect();
      const top = b.getBoundingClientRect().top;
      if (box.bottom > top - GAP) window.scrollBy({ top: box.bottom - top + GAP, behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [bar]);
}

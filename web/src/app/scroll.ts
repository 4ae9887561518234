// Menu scrolling as the spec times it: smooth over 1000 ms, stopping 100 px above the section;
// from another route, go to / first and scroll 300 ms later.
export const SCROLL_MS = 1000;
export const SCROLL_OFFSET = 100;
export const ROUTE_DELAY_MS = 300;

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

export function scrollToSection(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  const start = window.scrollY;
  const began = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / SCROLL_MS);
    // Where the section is now, every frame: what is above it may still change height while the
    // page scrolls (a lazy image arriving, news read after the page came).
    const target = Math.max(0, el.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET);
    window.scrollTo(0, start + (target - start) * easeInOut(t));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

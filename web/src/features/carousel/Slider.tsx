// Two or more slides (spec 2.4, 9): autoplay with dots, no arrows, pause while hovered, infinite
// loop, swipe (mouse and finger); 4000/1000 ms, up to 768 px 3500/800, up to 480 px 3000/600.
// Our own ~2 KB in place of react-slick (16 KB gzip with its CSS), and rendered by the server like
// the rest of the home page: the first slide is in the HTML before any script runs. The class
// names are react-slick's (slick-slide, slick-cloned, slick-dots, slick-active), so its markup,
// styles and tests carry over. It stops while a control in it has focus, when the visitor pauses it
// (the button), and does not start by itself for one who asked for reduced motion (WCAG 2.2.2).
import { useEffect, useRef, useState } from 'react';
import SlideView from './SlideView.tsx';
import type { Slide } from './api.ts';

/** Autoplay interval and slide change duration (ms) by screen width, widest first. */
const TIMINGS = [
  { maxWidth: 480, autoplaySpeed: 3000, speed: 600 },
  { maxWidth: 768, autoplaySpeed: 3500, speed: 800 },
];
const DESKTOP = { autoplaySpeed: 4000, speed: 1000 };

function timingsNow() {
  const hit = TIMINGS.find((t) => window.matchMedia(`(max-width: ${t.maxWidth}px)`).matches);
  return hit ? { autoplaySpeed: hit.autoplaySpeed, speed: hit.speed } : DESKTOP;
}

/** The settings for the screen's width, following it when it changes (a phone turned sideways). */
function useTimings() {
  const [timings, setTimings] = useState(DESKTOP);
  useEffect(() => {
    const lists = TIMINGS.map((t) => window.matchMedia(`(max-width: ${t.maxWidth}px)`));
    const update = () => setTimings(timingsNow());
    update();
    lists.forEach((l) => l.addEventListener('change', update));
    return () => lists.forEach((l) => l.removeEventListener('change', update));
  }, []);
  return timings;
}

export default function Slider({ slides }: { slides: Slide[] }) {
  const n = slides.length;
  const { autoplaySpeed, speed } = useTimings();
  // Position on the track [clone of the last, ...slides, clone of the first]: 1 is the first slide.
  const [pos, setPos] = useState(1);
  const [animate, setAnimate] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Paused by the button; at first when the visitor's system asks for reduced motion.
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPaused(true);
  }, []);
  const [drag, setDrag] = useState<number | null>(null);
  // The first image gets the bandwidth alone; the others are fetched once it has arrived.
  const [warm, setWarm] = useState(false);
  // The page as the server sent it has only the first slide's image: the others are out of sight
  // until the slider runs, and fetched beside the first they would take a slow phone's bandwidth
  // from it. They are added once the page is live (hydrated).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const moving = useRef(false);
  const start = useRef<{ x: number; y: number; id: number; horizontal?: boolean } | null>(null);
  const frame = useRef<HTMLDivElement>(null);

  const active = (((pos - 1) % n) + n) % n;

  const go = (next: number) => {
    if (moving.current) return;
    moving.current = true;
    setAnimate(true);
    setPos(next);
  };

  // After a change onto a clone, jump to the real slide it copies, without animation.
  const settled = () => {
    moving.current = false;
    setAnimate(false);
    setPos((p) => (p === 0 ? n : p === n + 1 ? 1 : p));
  };

  useEffect(() => {
    if (hovered || focused || paused || drag !== null) return;
    const timer = setTimeout(() => go(pos + 1), autoplaySpeed);
    return () => clearTimeout(timer);
  }, [pos, hovered, focused, paused, drag, autoplaySpeed]);

  // A change the browser did not animate (tab hidden) still has to settle.
  useEffect(() => {
    if (!animate) return;
    const timer = setTimeout(settled, speed + 100);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- settled uses state setters only
  }, [animate, pos, speed]);

  const onPointerDown = (e: React.PointerEvent) => {
    if (moving.current || (e.pointerType === 'mouse' && e.button !== 0)) return;
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    setDrag(0);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    if (s.horizontal === undefined && (Math.abs(dx) > 8 || Math.abs(dy) > 8)) {
      s.horizontal = Math.abs(dx) > Math.abs(dy);
      if (s.horizontal) frame.current?.setPointerCapture(e.pointerId);
    }
    if (s.horizontal) setDrag(dx);
  };
  const endDrag = () => {
    const dx = drag ?? 0;
    start.current = null;
    setDrag(null);
    const width = frame.current?.offsetWidth ?? 1;
    // react-slick's touchThreshold 5: a fifth of the width changes the slide.
    if (dx < -width / 5) go(pos + 1);
    else if (dx > width / 5) go(pos - 1);
  };

  const track = [slides[n - 1], ...slides, slides[0]];
  const offset = drag ? ` + ${drag}px` : '';
  return (
    <div
      className="gp-slider slick-slider"
      data-testid="carousel-slider"
      aria-roledescription="carousel"
      data-paused={paused || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={frame}
        className="gp-slider__frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <div
          className="gp-slider__track"
          style={{
            transform: `translateX(calc(${-pos * 100}%${offset}))`,
            transition: animate ? `transform ${speed}ms ease` : 'none',
          }}
          onTransitionEnd={(e) => {
            if (e.target === e.currentTarget) settled();
          }}
        >
          {track.map((s, i) => {
            const cloned = i === 0 || i === n + 1;
            const real = i - 1;
            return (
              <div
                key={cloned ? `clone-${i}` : s.corosalId}
                className={cloned ? 'slick-slide slick-cloned' : i === pos ? 'slick-slide slick-active' : 'slick-slide'}
                aria-hidden={i !== pos}
              >
                <SlideView
                  slide={s}
                  first={real === 0 && !cloned}
                  held={!live && !(real === 0 && !cloned)}
                  eager={warm || (cloned && i === n + 1)}
                  onLoaded={real === 0 && !cloned ? () => setWarm(true) : undefined}
                />
              </div>
            );
          })}
        </div>
      </div>
      <ul className="slick-dots">
        {slides.map((s, i) => (
          <li key={s.corosalId} className={i === active ? 'slick-active' : undefined}>
            <button type="button" aria-label={`स्लाइड ${i + 1}`} aria-current={i === active || undefined} onClick={() => go(i + 1)}>
              {i + 1}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="gp-slider__pause"
        aria-label={paused ? 'स्लाइड पुन्हा सुरू करा (Play slides)' : 'स्लाइड थांबवा (Pause slides)'}
        onClick={() => setPaused((p) => !p)}
      >
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
      </button>
    </div>
  );
}

// One slide: the image with its own loading and failed states (spec 2.4: 'Loading image...',
// 'Image not available', Marathi first) and the caption. Phones get the 800 px file through srcset.
// The whole picture is shown (issue 29): letterboxed over a blurred, darkened copy of itself that
// fills the box, so a 16:6 banner is not cropped on a phone nor a tall photo on a desktop.
import { useEffect, useRef, useState } from 'react';
import { slideSources, type Slide } from './api.ts';
import './carousel.css';

// Addresses already shown once: when the slider replaces the static first slide, no flash of
// 'Loading image...' for an image the browser already has.
const loaded = new Set<string>();

export default function SlideView({
  slide,
  first,
  eager,
  held,
  onLoaded,
}: {
  slide: Slide;
  /** The first slide is the page's largest image: fetched at once and first. */
  first: boolean;
  /** Fetch now rather than when it nears the viewport (after the first image has arrived). */
  eager?: boolean;
  /** The caption without the image for now (Slider.tsx: slides out of sight before the page is live). */
  held?: boolean;
  onLoaded?: () => void;
}) {
  const { src, srcSet, sizes } = slideSources(slide);
  // 'page': as the server rendered it (no state shown: with JavaScript off the browser just loads
  // the image); after hydration the image's own state, which may have settled before the script ran.
  const [state, setState] = useState<'page' | 'loading' | 'loaded' | 'failed'>(() => (loaded.has(src) ? 'loaded' : 'page'));
  const img = useRef<HTMLImageElement>(null);
  const [backdrop, setBackdrop] = useState<string | null>(null);
  useEffect(() => {
    const el = img.current;
    if (!el) return;
    if (el.complete && el.naturalWidth > 0) setBackdrop(el.currentSrc);
    setState((now) => {
      if (now !== 'page') return now;
      if (!el.complete) return 'loading';
      return el.naturalWidth > 0 ? 'loaded' : 'failed';
    });
  }, []);
  return (
    <div className="gp-slide" data-testid="slide">
      {!held && backdrop && state !== 'failed' && (
        // The file the picture loaded (no second download), once it has: decorative.
        <div className="gp-slide__backdrop" aria-hidden="true" style={{ backgroundImage: `url("${backdrop}")` }} />
      )}
      {!held && (
        <img
          className="gp-slide__picture"
          ref={img}
          src={src}
          srcSet={srcSet}
          sizes={sizes}
          alt={slide.blogContent || 'मुख्यपृष्ठ फोटो'}
          loading={first || eager ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding={first ? 'sync' : 'async'}
          draggable={false}
          onLoad={(e) => {
            setBackdrop(e.currentTarget.currentSrc);
            loaded.add(src);
            setState('loaded');
            onLoaded?.();
          }}
          onError={() => setState('failed')}
          style={state === 'failed' ? { display: 'none' } : undefined}
        />
      )}
      {state === 'loading' && (
        <div className="gp-slide__state" role="status">
          फोटो लोड होत आहे… <span lang="en">(Loading image...)</span>
        </div>
      )}
      {state === 'failed' && (
        <div className="gp-slide__state" role="status">
          फोटो उपलब्ध नाही <span lang="en">(Image not available)</span>
        </div>
      )}
      {slide.blogContent && (
        <div className="gp-slide__caption" data-testid="slide-caption">
          {slide.blogContent}
        </div>
      )}
    </div>
  );
}

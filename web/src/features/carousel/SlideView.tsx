// One slide: the image with its own loading and failed states (spec 2.4: 'Loading image...',
// 'Image not available') and the caption. Phones get the 800 px file through srcset.
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
  useEffect(() => {
    const el = img.current;
    if (!el) return;
    setState((now) => {
      if (now !== 'page') return now;
      if (!el.complete) return 'loading';
      return el.naturalWidth > 0 ? 'loaded' : 'failed';
    });
  }, []);
  return (
    <div className="gp-slide" data-testid="slide">
      {!held && (
        <img
          ref={img}
          src={src}
          srcSet={srcSet}
          sizes={sizes}
          alt={slide.blogContent || 'मुख्यपृष्ठ फोटो'}
          loading={first || eager ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding={first ? 'sync' : 'async'}
          draggable={false}
          onLoad={() => {
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
          Loading image...
        </div>
      )}
      {state === 'failed' && (
        <div className="gp-slide__state" role="status">
          Image not available
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

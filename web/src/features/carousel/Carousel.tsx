// Home carousel (spec 2.4, 8): 'Loading Carousel...' while reading, 'No carousel images available'
// when the list is empty or the read fails, one slide as a static image with its caption, more as
// an autoplaying slider. The slider is lazy: until it arrives, the first slide is shown static, so
// the largest image of the page never waits for the slider code.
import { lazy, Suspense, useEffect, useState } from 'react';
import { takeSlides, type Slide } from './api.ts';
import SlideView from './SlideView.tsx';

const SlickCarousel = lazy(() => import('./SlickCarousel.tsx'));

function Message({ text }: { text: string }) {
  return (
    <div className="gp-carousel-message" role="status">
      {text}
    </div>
  );
}

/** userId: undefined while the site profile is loading, null when there is no public council. */
export default function Carousel({ userId }: { userId: number | null | undefined }) {
  const [slides, setSlides] = useState<Slide[] | null>(null);
  useEffect(() => {
    if (userId === undefined) return;
    if (userId === null) {
      setSlides([]);
      return;
    }
    let live = true;
    takeSlides(userId)
      .then((s) => {
        if (live) setSlides(s);
      })
      .catch((err) => {
        console.error('Carousel read failed', err);
        if (live) setSlides([]);
      });
    return () => {
      live = false;
    };
  }, [userId]);

  if (slides === null) return <Message text="Loading Carousel..." />;
  if (slides.length === 0) return <Message text="No carousel images available" />;
  if (slides.length === 1) return <SlideView slide={slides[0]} first />;
  return (
    <Suspense fallback={<SlideView slide={slides[0]} first />}>
      <SlickCarousel slides={slides} />
    </Suspense>
  );
}

// Home carousel (spec 2.4, 8): 'Loading Carousel...' while reading, 'No carousel images available'
// when the list is empty or the read fails, one slide as a static image with its caption, more as
// an autoplaying slider (Slider.tsx). A page the server rendered has the slides in it already
// (lib/preloaded.ts): no read, and the first slide is in the HTML.
import { useEffect, useState } from 'react';
import { preloadedSlides, takeSlides, type Slide } from './api.ts';
import SlideView from './SlideView.tsx';
import Slider from './Slider.tsx';

function Message({ text }: { text: string }) {
  return (
    <div className="gp-carousel-message" role="status">
      {text}
    </div>
  );
}

/** userId: undefined while the site profile is loading, null when there is no public council. */
export default function Carousel({ userId }: { userId: number | null | undefined }) {
  const [slides, setSlides] = useState<Slide[] | null>(() => (userId ? (preloadedSlides(userId) ?? null) : null));
  const [shownFor, setShownFor] = useState(() => (slides ? userId : undefined));
  useEffect(() => {
    if (userId === undefined || userId === shownFor) return;
    setShownFor(userId);
    if (userId === null) {
      setSlides([]);
      return;
    }
    // Another council's slides than the page came with (a logged-in clerk's own): read them.
    setSlides(null);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- shownFor only skips the read of the slides the page came with
  }, [userId]);

  if (slides === null) return <Message text="Loading Carousel..." />;
  if (slides.length === 0) return <Message text="No carousel images available" />;
  if (slides.length === 1) return <SlideView slide={slides[0]} first />;
  return <Slider slides={slides} />;
}

// Home carousel (spec 2.4, 8): 'Loading Carousel...' while reading, 'No carousel images available'
// when the list is empty or the read fails, one slide as a static image with its caption, more as
// an autoplaying slider (Slider.tsx). A page the server rendered has the slides in it already
// (lib/preloaded.ts): no read, and the first slide is in the HTML.
import { useEffect, useState } from 'react';
import { preloadedSlides, takeSlides, type Slide } from './api.ts';
import SlideView from './SlideView.tsx';
import Slider from './Slider.tsx';

/** A state of the carousel, Marathi first with the spec's English beside. `small`: a line, not the
 *  slides' tall box (an office without slides shows a note, not an empty 600 px block). */
function Message({ mr, en, small }: { mr: string; en: string; small?: boolean }) {
  return (
    <div className={small ? 'gp-carousel-message gp-carousel-message--small' : 'gp-carousel-message'} role="status">
      {mr} <span lang="en">({en})</span>
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

  if (slides === null) return <Message mr="फोटो लोड होत आहेत…" en="Loading Carousel..." />;
  if (slides.length === 0) return <Message mr="मुख्यपृष्ठासाठी अद्याप फोटो नाहीत." en="No carousel images available" small />;
  if (slides.length === 1) return <SlideView slide={slides[0]} first />;
  return <Slider slides={slides} />;
}

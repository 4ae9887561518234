// Two or more slides: react-slick with the spec's behaviour (2.4, 9): autoplay with dots, no arrows,
// pause while hovered, infinite loop, swipe; 4000/1000 ms, up to 768 px 3500/800, up to 480 px 3000/600.
// A chunk of its own: the slider and its CSS load only when a council has two slides or more.
import { useEffect, useState } from 'react';
import SlickImport, { type Settings } from 'react-slick';
import 'slick-carousel/slick/slick.css';
import SlideView from './SlideView.tsx';
import type { Slide } from './api.ts';

// With Vite 8 (rolldown) the default import can be the module object rather than the component.
const Slider = (SlickImport as unknown as { default?: typeof SlickImport }).default ?? SlickImport;

export const SLIDER_SETTINGS: Settings = {
  autoplay: true,
  autoplaySpeed: 4000,
  speed: 1000,
  dots: true,
  arrows: false,
  pauseOnHover: true,
  pauseOnFocus: false,
  pauseOnDotsHover: false,
  infinite: true,
  swipe: true,
  slidesToShow: 1,
  slidesToScroll: 1,
  // react-slick reads a breakpoint as max-width: "up to 768 px".
  responsive: [
    { breakpoint: 768, settings: { autoplaySpeed: 3500, speed: 800 } },
    { breakpoint: 480, settings: { autoplaySpeed: 3000, speed: 600 } },
  ],
};

/** The base settings with the matching `responsive` entry applied. react-slick 0.31 listens for
 *  breakpoint changes only, so a page opened on a phone would keep the desktop timings. */
function useResponsive(settings: Settings): Settings {
  const entries = [...(settings.responsive ?? [])].sort((a, b) => a.breakpoint - b.breakpoint);
  const pick = () => entries.find((e) => window.matchMedia(`(max-width: ${e.breakpoint}px)`).matches);
  const [entry, setEntry] = useState(pick);
  useEffect(() => {
    const lists = entries.map((e) => window.matchMedia(`(max-width: ${e.breakpoint}px)`));
    const update = () => setEntry(pick());
    lists.forEach((l) => l.addEventListener('change', update));
    return () => lists.forEach((l) => l.removeEventListener('change', update));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the settings are a module constant
  }, []);
  return entry && typeof entry.settings === 'object' ? { ...settings, ...entry.settings } : settings;
}

export default function SlickCarousel({ slides }: { slides: Slide[] }) {
  const settings = useResponsive(SLIDER_SETTINGS);
  // The first image gets the bandwidth alone; the others are fetched once it has arrived.
  const [warm, setWarm] = useState(false);
  return (
    <div className="gp-slider" data-testid="carousel-slider">
      <Slider {...settings}>
        {slides.map((s, i) => (
          <SlideView key={s.corosalId} slide={s} first={i === 0} eager={warm} onLoaded={i === 0 ? () => setWarm(true) : undefined} />
        ))}
      </Slider>
    </div>
  );
}

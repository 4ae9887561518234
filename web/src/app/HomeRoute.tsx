// The home page, put together here because it shows three features: the site's own sections,
// the carousel and the latest news (features do not import each other).
import HomePage from '../features/site/HomePage.tsx';
import { fetchSiteProfile, PROFILE_PATH } from '../features/site/api.ts';
import Carousel from '../features/carousel/Carousel.tsx';
import { prefetchSlides } from '../features/carousel/api.ts';
import LatestNews from '../features/blog/LatestNews.tsx';
import { councilIdOf, useSession } from '../lib/session.ts';
import { preloaded } from '../lib/preloaded.ts';

// Rendered in the browser by the staff app (a page the server did not render): read the slides as
// soon as the profile is in, while React is still starting, so the first slide comes early. A page
// the server rendered has them in it already.
if (typeof window !== 'undefined' && window.location.pathname === '/' && preloaded(PROFILE_PATH) === undefined) {
  void fetchSiteProfile().then((p) => {
    if (p) prefetchSlides(councilIdOf() || p.createdByUserId);
  });
}

export default function HomeRoute() {
  // Spec 6: a logged-in clerk sees their own council's slides and news; visitors the public
  // council's (PUBLIC_USER_ID).
  const own = councilIdOf(useSession());
  return <HomePage carousel={(userId) => <Carousel userId={own || userId} />} news={(userId) => <LatestNews userId={own || userId} />} />;
}

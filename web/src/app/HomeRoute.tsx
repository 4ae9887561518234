// The home page, put together here because it shows three features: the site's own sections,
// the carousel and the latest news (features do not import each other).
import HomePage from '../features/site/HomePage.tsx';
import { fetchSiteProfile } from '../features/site/api.ts';
import Carousel from '../features/carousel/Carousel.tsx';
import { prefetchSlides } from '../features/carousel/api.ts';
import LatestNews from '../features/blog/LatestNews.tsx';
import { councilIdOf, useSession } from '../lib/session.ts';

// index.html preloads the public profile on every page load; take it up at once (staff pages too,
// or the browser warns about an unused preload). On /, read the slides as soon as the profile is
// in, while React is still starting, so the first slide (the page's largest image) comes early.
const profile = fetchSiteProfile();
if (location.pathname === '/') {
  void profile.then((p) => {
    if (p) prefetchSlides(councilIdOf() || p.createdByUserId);
  });
}

export default function HomeRoute() {
  // Spec 6: a logged-in clerk sees their own council's slides and news; visitors the public
  // council's (PUBLIC_USER_ID).
  const own = councilIdOf(useSession());
  return <HomePage carousel={(userId) => <Carousel userId={own || userId} />} news={(userId) => <LatestNews userId={own || userId} />} />;
}

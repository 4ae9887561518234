// Latest news on the home page (spec 2.4, 8): from the blog read, dates in mr-IN as day, long month,
// year. With no posts, or when the read fails, a short message instead: the spec's three sample items
// were events no office had announced, so citizens now see only what the office posted (issue 14).
import { useEffect, useState } from 'react';
import './news.css';
import { formatDateMr } from '../../lib/format.ts';
import { fetchNews, preloadedNews, type NewsItem } from './api.ts';

const SHOWN = 6;

/** userId: undefined while the site profile is loading, null when there is no public council. */
export default function LatestNews({ userId }: { userId: number | null | undefined }) {
  // A page the server rendered has the news in it already (lib/preloaded.ts).
  const [items, setItems] = useState<NewsItem[] | null>(() => (userId ? (preloadedNews(userId)?.slice(0, SHOWN) ?? null) : null));
  const [failed, setFailed] = useState(false);
  const [shownFor, setShownFor] = useState(() => (items ? userId : undefined));
  useEffect(() => {
    if (userId === undefined || userId === shownFor) return;
    setShownFor(userId);
    let live = true;
    const show = (list: NewsItem[], readFailed = false) => {
      if (!live) return;
      setFailed(readFailed);
      setItems(list.slice(0, SHOWN));
    };
    if (userId === null) show([]);
    else {
      setItems(null);
      fetchNews(userId)
        .then((list) => show(list))
        .catch((err) => {
          console.warn('News read failed', err);
          show([], true);
        });
    }
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- shownFor only skips the read of the news the page came with
  }, [userId]);

  if (!items)
    return (
      <p className="gp-status" role="status">
        बातम्या लोड होत आहेत…
      </p>
    );
  if (!items.length) {
    return (
      <p className="gp-status" data-testid="news-empty">
        {failed ? 'बातम्या सध्या उपलब्ध नाहीत.' : 'अद्याप कोणतीही बातमी नाही.'}
      </p>
    );
  }
  return (
    <ul className="gp-list-reset gp-news">
      {items.map((n) => (
        <li key={n.blogId} className="gp-news__item" data-testid="news-item">
          <div className="gp-news__date" data-testid="news-date">
            {formatDateMr(n.eventDate)}
          </div>
          <h4 className="gp-news__title">{n.blogTitle}</h4>
          <p className="gp-news__text">{n.blogContent}</p>
        </li>
      ))}
    </ul>
  );
}

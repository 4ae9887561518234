// Latest news on the home page (spec 2.4, 8): from the blog read, dates in mr-IN as day, long month,
// year. With no posts, or when the read fails, a short message instead: the spec's three sample items
// were events no office had announced, so citizens now see only what the office posted (issue 14).
import { useEffect, useState } from 'react';
import './news.css';
import { formatDateMr } from '../../lib/format.ts';
import { fetchNews, type NewsItem } from './api.ts';

const SHOWN = 6;

/** userId: undefined while the site profile is loading, null when there is no public council. */
export default function LatestNews({ userId }: { userId: number | null | undefined }) {
  const [items, setItems] = useState<NewsItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const show = (list: NewsItem[], readFailed = false) => {
      if (!live) return;
      setFailed(readFailed);
      setItems(list.slice(0, SHOWN));
    };
    if (userId === null) show([]);
    else
      fetchNews(userId)
        .then((list) => show(list))
        .catch((err) => {
          console.warn('News read failed', err);
          show([], true);
        });
    return () => {
      live = false;
    };
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

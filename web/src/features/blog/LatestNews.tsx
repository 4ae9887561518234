// Latest news on the home page (spec 2.4, 8): from the blog read, dates in mr-IN as day, long month,
// year; three fixed sample items when the read fails or returns nothing.
import { useEffect, useState } from 'react';
import './news.css';
import { formatDateMr } from '../../lib/format.ts';
import { fetchNews, type NewsItem } from './api.ts';

const SHOWN = 6;

export const SAMPLE_NEWS: NewsItem[] = [
  { blogId: -1, blogTitle: 'ग्रामसभेचे आयोजन', blogContent: 'स्वातंत्र्य दिनानिमित्त सकाळी ११ वाजता ग्रामपंचायत कार्यालयात ग्रामसभा होईल. सर्व ग्रामस्थांनी उपस्थित राहावे.', eventDate: '2025-08-15T00:00:00.000Z' },
  { blogId: -2, blogTitle: 'स्वच्छता अभियान', blogContent: 'गांधी जयंतीनिमित्त गावात स्वच्छता अभियान राबवले जाईल. युवक मंडळे व बचत गटांनी सहभागी व्हावे.', eventDate: '2025-10-02T00:00:00.000Z' },
  { blogId: -3, blogTitle: 'मोफत आरोग्य तपासणी शिबिर', blogContent: 'प्राथमिक आरोग्य केंद्रात मोफत आरोग्य तपासणी व लसीकरण शिबिर आयोजित केले आहे.', eventDate: '2025-11-14T00:00:00.000Z' },
];

/** userId: undefined while the site profile is loading, null when there is no public council. */
export default function LatestNews({ userId }: { userId: number | null | undefined }) {
  const [items, setItems] = useState<NewsItem[] | null>(null);
  const [sample, setSample] = useState(false);
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const show = (list: NewsItem[]) => {
      if (!live) return;
      setSample(list.length === 0);
      setItems(list.length ? list.slice(0, SHOWN) : SAMPLE_NEWS);
    };
    if (userId === null) show([]);
    else fetchNews(userId).then(show).catch((err) => { console.warn('News read failed; showing the sample news', err); show([]); });
    return () => { live = false; };
  }, [userId]);

  if (!items) return <p className="gp-status" role="status">बातम्या लोड होत आहेत…</p>;
  return (
    <ul className="gp-list-reset gp-news" data-sample={sample || undefined}>
      {items.map((n) => (
        <li key={n.blogId} className="gp-news__item" data-testid="news-item">
          <div className="gp-news__date" data-testid="news-date">{formatDateMr(n.eventDate)}</div>
          <h4 className="gp-news__title">{n.blogTitle}</h4>
          <p className="gp-news__text">{n.blogContent}</p>
        </li>
      ))}
    </ul>
  );
}

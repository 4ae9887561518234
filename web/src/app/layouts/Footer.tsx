// Public footer (spec 2.3). Plain elements and public.css, like the header: the footer is on every
// public page. Contacts are the office's own, each left out until entered; the credit names the
// project without an example address (issue 14).
// Where the spec's client only pretended, this footer does not: its quick links and social icons
// pointed to "#", and its newsletter box took an e-mail address and sent it nowhere (a citizen would
// believe they had subscribed). The quick links go to the pages they name, a social icon shows only
// for an address the office entered on its profile, and there is no newsletter box: the portal sends
// no e-mail (the office's notices go out by SMS).
import Icon from '../../components/Icon.tsx';
import { FACEBOOK, INSTAGRAM, X } from '../../components/icons.ts';
import { officeTitle, useSiteProfile } from '../../features/site/api.ts';

export default function Footer() {
  const p = useSiteProfile();
  const year = new Date().getFullYear();
  const name = officeTitle(p);
  const hasContact = !!p && !!(p.address || p.postalCode || p.phone || p.email);
  const social = [
    { url: p?.facebookUrl, label: 'फेसबुक (Facebook)', icon: FACEBOOK },
    { url: p?.twitterUrl, label: 'एक्स (X, Twitter)', icon: X },
    { url: p?.instagramUrl, label: 'इंस्टाग्राम (Instagram)', icon: INSTAGRAM },
  ].filter((l): l is typeof l & { url: string } => !!l.url);
  return (
    // The id ends the first paint's wait (public.html: <link rel="expect" blocking="render">).
    <footer className="gp-footer" id="gp-footer">
      <div className="gp-footer__grid">
        <div>
          <h2 className="gp-footer__name">{name}</h2>
          <p>गावाच्या सर्वांगीण विकासासाठी पारदर्शक, लोकाभिमुख आणि डिजिटल सेवा.</p>
        </div>
        <nav aria-labelledby="footer-links">
          <h3 id="footer-links">द्रुत दुवे</h3>
          <ul className="gp-list-reset">
            <li>
              <a href="/">मुख्यपृष्ठ</a>
            </li>
            <li>
              <a href="/yojna-full">योजना</a>
            </li>
            <li>
              <a href="/seva-full">सेवा</a>
            </li>
            <li>
              <a href="/samiti-full">समित्या</a>
            </li>
            {hasContact && (
              <li>
                <a href="#contact">संपर्क</a>
              </li>
            )}
          </ul>
        </nav>
        {p && hasContact && (
          <div id="contact">
            <h3>संपर्क</h3>
            {(p.address || p.postalCode) && <p>{[p.address, p.postalCode].filter(Boolean).join(' - ')}</p>}
            {p.phone && (
              <p>
                दूरध्वनी: <a href={`tel:${p.phone}`}>{p.phone}</a>
              </p>
            )}
            {p.email && (
              <p>
                ई-मेल: <a href={`mailto:${p.email}`}>{p.email}</a>
              </p>
            )}
          </div>
        )}
      </div>
      <div className="gp-footer__bottom">
        <p>
          © {year} {name}. सर्व हक्क राखीव.
        </p>
        {social.length > 0 && (
          <div className="gp-social">
            {social.map((l) => (
              <a key={l.label} href={l.url} aria-label={l.label} target="_blank" rel="noopener noreferrer">
                <Icon d={l.icon} />
              </a>
            ))}
          </div>
        )}
        <p>
          संकेतस्थळ प्रणाली: ग्रामपंचायत पोर्टल <span lang="en">(Powered by Gram Panchayat Portal)</span>
        </p>
      </div>
    </footer>
  );
}

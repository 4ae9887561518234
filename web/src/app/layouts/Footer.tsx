// Public footer (spec 2.3). The newsletter box makes no call, as in the spec. Plain elements and
// public.css, like the header: the footer is on every public page. Contacts are the office's own,
// each left out until entered; the credit names the project without an example address (issue 14).
import Icon from '../../components/Icon.tsx';
import { FACEBOOK, INSTAGRAM, X } from '../../components/icons.ts';
import { officeTitle, useSiteProfile } from '../../features/site/api.ts';

export default function Footer() {
  const p = useSiteProfile();
  const year = new Date().getFullYear();
  const name = officeTitle(p);
  return (
    <footer className="gp-footer">
      <div className="gp-footer__grid">
        <div>
          <h2 className="gp-footer__name">{name}</h2>
          <p>गावाच्या सर्वांगीण विकासासाठी पारदर्शक, लोकाभिमुख आणि डिजिटल सेवा.</p>
        </div>
        <div>
          <h3>द्रुत दुवे</h3>
          <ul className="gp-list-reset">
            {['मुख्यपृष्ठ', 'योजना', 'सेवा', 'संपर्क'].map((l) => (
              <li key={l}>
                <a href="#">{l}</a>
              </li>
            ))}
          </ul>
        </div>
        {p && (p.address || p.postalCode || p.phone || p.email) && (
          <div>
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
        <div>
          <h3>बातमीपत्र</h3>
          {/* Spec 5: no validation, no call; type="email" only brings up the e-mail keyboard. */}
          <form className="gp-newsletter" noValidate onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="newsletter-email" className="gp-visually-hidden">
              तुमचा ई-मेल
            </label>
            <input id="newsletter-email" type="email" placeholder="तुमचा ई-मेल" autoComplete="email" />
            <button type="submit">सदस्य व्हा</button>
          </form>
        </div>
      </div>
      <div className="gp-footer__bottom">
        <p>
          © {year} {name}. सर्व हक्क राखीव.
        </p>
        <div className="gp-social">
          <a href="#" aria-label="facebook">
            <Icon d={FACEBOOK} />
          </a>
          <a href="#" aria-label="twitter">
            <Icon d={X} />
          </a>
          <a href="#" aria-label="instagram">
            <Icon d={INSTAGRAM} />
          </a>
        </div>
        <p>Powered By Gram Panchayat Portal</p>
      </div>
    </footer>
  );
}

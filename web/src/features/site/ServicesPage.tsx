// /seva-full and /seva: the services the office gives, from the site profile.
import { PageFrame } from './Section.tsx';
import { useSiteProfile } from './api.ts';

export default function ServicesPage() {
  const p = useSiteProfile();
  return (
    <PageFrame title="ग्रामपंचायत सेवा" subtitle="ग्रामपंचायत कार्यालयात मिळणारे दाखले व सेवा. अधिक माहितीसाठी कार्यालयाशी संपर्क साधा.">
      {p === undefined ? (
        <p className="gp-status" role="status">
          माहिती लोड होत आहे…
        </p>
      ) : !p?.services.length ? (
        <p className="gp-status">माहिती उपलब्ध नाही.</p>
      ) : (
        <ul className="gp-list-reset gp-cards">
          {p.services.map((s, i) => (
            <li key={i} className="gp-service" data-testid="service">
              <h2>{s.title}</h2>
              {s.description && <p>{s.description}</p>}
            </li>
          ))}
        </ul>
      )}
      {(p?.phone || p?.address) && (
        <p className="gp-muted" style={{ marginTop: 32 }}>
          संपर्क: {p.address}
          {p.phone ? ` · दूरध्वनी ${p.phone}` : ''}
        </p>
      )}
    </PageFrame>
  );
}

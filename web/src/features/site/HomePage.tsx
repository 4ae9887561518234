// / : the home page (spec 2.4). Sections with the ids the header menu scrolls to: home (carousel),
// grampanchayat (village information and the latest news), yojana (schemes), samiti (committees).
// The carousel and the news belong to their own features; the app passes them in (app/HomeRoute.tsx).
import Section from './Section.tsx';
import VillageInfo from './VillageInfo.tsx';
import Schemes from './Schemes.tsx';
import Committees from './Committees.tsx';
import { officePlace, officeTitle, useSiteProfile } from './api.ts';

/** Gets the public council's id: undefined while the profile loads, null when it could not be read. */
export type PublicSlot = (userId: number | null | undefined) => React.ReactNode;

export default function HomePage({ carousel, news }: { carousel: PublicSlot; news: PublicSlot }) {
  const p = useSiteProfile();
  const userId = p === undefined ? undefined : (p?.createdByUserId ?? null);
  const place = officePlace(p);
  return (
    <>
      <section id="home" aria-label="मुख्यपृष्ठ">
        {carousel(userId)}
        <div className="gp-welcome">
          <div className="gp-container">
            <h1>{officeTitle(p)} — आपले स्वागत आहे</h1>
            <p>{place}</p>
          </div>
        </div>
      </section>
      <Section id="grampanchayat" title="ग्रामपंचायत माहिती" subtitle="गावाची आकडेवारी, सुविधा आणि ताज्या घडामोडी">
        <VillageInfo profile={p} news={news(userId)} />
        <p className="gp-more">
          <a className="gp-btn" href="/seva-full">
            ग्रामपंचायत सेवा पहा
          </a>
        </p>
      </Section>
      <Section id="yojana" title="शासकीय योजना" subtitle="आपल्यासाठी उपयुक्त योजना निवडा आणि तपशील पहा" tinted>
        <Schemes schemes={p === null ? [] : p?.schemes} />
        <p className="gp-more">
          <a className="gp-btn" href="/yojna-full">
            सर्व योजना
          </a>
        </p>
      </Section>
      <Section id="samiti" title="ग्राम समित्या" subtitle="गावाच्या विकासासाठी कार्यरत समित्या">
        <Committees committees={p === null ? [] : p?.committees} />
      </Section>
    </>
  );
}

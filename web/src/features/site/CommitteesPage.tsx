// /samiti-full: the village committees as a page of their own.
import Committees from './Committees.tsx';
import { PageFrame } from './Section.tsx';
import { useSiteProfile } from './api.ts';

export default function CommitteesPage() {
  const p = useSiteProfile();
  return (
    <PageFrame title="ग्राम समित्या" subtitle="अध्यक्ष, उपाध्यक्ष, सदस्य आणि प्रत्येक समितीच्या जबाबदाऱ्या.">
      <Committees committees={p === null ? [] : p?.committees} level={2} />
    </PageFrame>
  );
}

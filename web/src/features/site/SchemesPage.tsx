// /yojna-full: the schemes with the beneficiary filter, as a page of their own.
import Schemes from './Schemes.tsx';
import { PageFrame } from './Section.tsx';
import { useSiteProfile } from './api.ts';

export default function SchemesPage() {
  const p = useSiteProfile();
  return (
    <PageFrame title="शासकीय योजना" subtitle="केंद्र व राज्य शासनाच्या योजना: लाभार्थी प्रकार निवडा, योजनेवर क्लिक करून पात्रता व लाभ पहा.">
      <Schemes schemes={p === null ? [] : p?.schemes} level={2} />
    </PageFrame>
  );
}

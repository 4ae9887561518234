// The village the browser tests and the benches fill the site profile with: Sonagaon, Indapur block,
// Pune district, with its statistics, facilities, schools and anganwadis, as an office would enter
// them; and the placeholder words a new portal must not show. No server code and no vitest here, so
// the benches can import it.
export const VILLAGE = {
  officeName: 'ग्रामपंचायत कार्यालय सोनगाव',
  officeNameEnglish: 'Gram Panchayat Office Sonagaon',
  block: 'इंदापूर',
  blockEnglish: 'Indapur',
  district: 'पुणे',
  districtEnglish: 'Pune',
  address: 'ग्रामपंचायत कार्यालय, मु. पो. सोनगाव, ता. इंदापूर',
  postalCode: '413106',
  phone: '02111-234567',
  email: 'gp.sonagaon@example.org',
  summary:
    'सोनगाव हे इंदापूर तालुक्यातील नीरा नदीकाठचे गाव आहे. शेती, दुग्धव्यवसाय आणि ऊस हे गावाचे मुख्य व्यवसाय आहेत. गावात पक्के रस्ते, नळ पाणीपुरवठा आणि प्राथमिक आरोग्य केंद्र आहे.',
  stats: [
    { key: 'population', label: 'लोकसंख्या', value: '2,500+' },
    { key: 'families', label: 'कुटुंबे', value: '450+' },
    { key: 'farmland', label: 'शेती क्षेत्र', value: '300+ एकर' },
    { key: 'schools', label: 'शाळा', value: '3' },
    { key: 'anganwadis', label: 'अंगणवाडी केंद्रे', value: '2' },
  ],
  facilities: ['प्राथमिक आरोग्य केंद्र – 24/7 सेवा', '100% विद्युतीकरण', 'प्रत्येक घरात नळाद्वारे पाणीपुरवठा', 'पक्के अंतर्गत रस्ते'],
  schools: [
    { name: 'जिल्हा परिषद प्राथमिक शाळा (इयत्ता 1 ली ते 4 थी)', head: 'श्री. सुनील पाटील', children: 160, teachers: 6 },
    { name: 'जिल्हा परिषद उच्च प्राथमिक शाळा (इयत्ता 5 वी ते 8 वी)', head: 'श्रीमती सुनीता जाधव', children: 145, teachers: 6 },
    { name: 'माध्यमिक विद्यालय (इयत्ता 8 वी ते 10 वी)', head: 'श्री. विजय शिंदे', children: 210, teachers: 9 },
  ],
  anganwadis: [
    { name: 'अंगणवाडी केंद्र क्र. 1 (गावठाण)', head: 'श्रीमती मंगल कांबळे', children: 32, teachers: 2 },
    { name: 'अंगणवाडी केंद्र क्र. 2 (वाडी-वस्ती)', head: 'श्रीमती रेखा पवार', children: 27, teachers: 2 },
  ],
};

/** Words and addresses that stood in for an office's own in earlier seeds: a portal shows none of them
 *  until the office has entered its own (issue 14). */
export const PLACEHOLDERS = [
  'आपला तालुका',
  'आपला जिल्हा',
  'Your taluka',
  'Your district',
  '(गावाचे नाव)',
  '(तालुका)',
  '(जिल्हा)',
  'example.org',
  'example.com',
  'सुनील पाटील',
  '2,500+',
];

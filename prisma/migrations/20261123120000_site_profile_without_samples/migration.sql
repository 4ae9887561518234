-- A new council's site profile no longer holds sample content (placeholder taluka and district, an
-- example address, a made-up population, sample school heads): the public pages and the documents
-- show only what the office has entered (issue 14). Profiles seeded before keep what the office
-- changed; each field still exactly as seeded is emptied.
UPDATE "SiteProfile" SET
  "officeName" = CASE WHEN "officeName" = 'ग्रामपंचायत कार्यालय' THEN '' ELSE "officeName" END,
  "officeNameEnglish" = CASE WHEN "officeNameEnglish" = 'Gram Panchayat Office' THEN '' ELSE "officeNameEnglish" END,
  "block" = CASE WHEN "block" = 'आपला तालुका' THEN '' ELSE "block" END,
  "blockEnglish" = CASE WHEN "blockEnglish" = 'Your taluka' THEN '' ELSE "blockEnglish" END,
  "district" = CASE WHEN "district" = 'आपला जिल्हा' THEN '' ELSE "district" END,
  "districtEnglish" = CASE WHEN "districtEnglish" = 'Your district' THEN '' ELSE "districtEnglish" END,
  "address" = CASE WHEN "address" = 'ग्रामपंचायत कार्यालय, मु. पो. (गावाचे नाव), ता. (तालुका), जि. (जिल्हा), महाराष्ट्र' THEN '' ELSE "address" END,
  "summary" = CASE WHEN "summary" = 'आमची ग्रामपंचायत गावाच्या सर्वांगीण विकासासाठी कटिबद्ध आहे. पिण्याचे शुद्ध पाणी, स्वच्छता, आरोग्य, शिक्षण, पक्के रस्ते आणि पथदिवे या मूलभूत सुविधा प्रत्येक कुटुंबापर्यंत पोहोचवणे हे आमचे ध्येय आहे. शासनाच्या विविध योजनांचा लाभ पात्र लाभार्थ्यांना वेळेत मिळावा यासाठी ग्रामपंचायत कार्यालय मार्गदर्शन करते. ग्रामसभेच्या माध्यमातून ग्रामस्थांच्या सहभागाने गावाचे निर्णय घेतले जातात.' THEN '' ELSE "summary" END,
  "stats" = CASE WHEN "stats" = '[{"key":"population","label":"लोकसंख्या","value":"2,500+"},{"key":"families","label":"कुटुंबे","value":"450+"},{"key":"farmland","label":"शेती क्षेत्र","value":"300+ एकर"},{"key":"schools","label":"शाळा","value":"3"},{"key":"anganwadis","label":"अंगणवाडी केंद्रे","value":"2"}]'::jsonb THEN '[]'::jsonb ELSE "stats" END,
  "facilities" = CASE WHEN "facilities" = '["प्राथमिक आरोग्य केंद्र – 24/7 सेवा","100% विद्युतीकरण","प्रत्येक घरात नळाद्वारे पाणीपुरवठा"]'::jsonb THEN '[]'::jsonb ELSE "facilities" END,
  "schools" = CASE WHEN "schools" = '[{"name":"जिल्हा परिषद प्राथमिक शाळा (इयत्ता 1 ली ते 4 थी)","head":"श्री. सुनील पाटील","children":160,"teachers":6},{"name":"जिल्हा परिषद उच्च प्राथमिक शाळा (इयत्ता 5 वी ते 8 वी)","head":"श्रीमती सुनीता जाधव","children":145,"teachers":6},{"name":"माध्यमिक विद्यालय (इयत्ता 8 वी ते 10 वी)","head":"श्री. विजय शिंदे","children":210,"teachers":9}]'::jsonb THEN '[]'::jsonb ELSE "schools" END,
  "anganwadis" = CASE WHEN "anganwadis" = '[{"name":"अंगणवाडी केंद्र क्र. 1 (गावठाण)","head":"श्रीमती मंगल कांबळे (अंगणवाडी सेविका)","children":32,"teachers":2},{"name":"अंगणवाडी केंद्र क्र. 2 (वाडी-वस्ती)","head":"श्रीमती रेखा पवार (अंगणवाडी सेविका)","children":27,"teachers":2}]'::jsonb THEN '[]'::jsonb ELSE "anganwadis" END;

// The smallest valid certificate of each kind (the API's own names) that the benches register:
// fewer fields than the tests' valid certificates (tests/helpers/certificate-cases.ts). A PDF's cost
// depends on what its record holds (with the tests' bodies and photos, bench/memory.ts measured 42–49
// ms of server CPU per PDF instead of 23–31 ms, load 16–19), so these stay, for comparable figures.
import type { Body, KindName } from '../tests/helpers/certificate-cases.ts';

type Names = { en: string; mr: string };

/** Names the benches register, in English and Marathi. */
export const FIRST_NAMES: [string, string][] = [
  ['Aarav', 'आरव'],
  ['Ishani', 'ईशानी'],
  ['Kabir', 'कबीर'],
  ['Sneha', 'स्नेहा'],
  ['Rohit', 'रोहित'],
  ['Priya', 'प्रिया'],
  ['Sai', 'साई'],
  ['Gauri', 'गौरी'],
  ['Omkar', 'ओंकार'],
  ['Shreya', 'श्रेया'],
  ['Vedant', 'वेदांत'],
  ['Anjali', 'अंजली'],
  // A name that starts "ai", the 2-letter search term (it matched no word start before).
  ['Aishwarya', 'ऐश्वर्या'],
];
export const LAST_NAMES: [string, string][] = [
  ['Patil', 'पाटील'],
  ['Deshmukh', 'देशमुख'],
  ['Jadhav', 'जाधव'],
  ['Shinde', 'शिंदे'],
  ['Pawar', 'पवार'],
  ['Kulkarni', 'कुलकर्णी'],
  ['Gaikwad', 'गायकवाड'],
  ['Kale', 'काळे'],
  ['More', 'मोरे'],
  ['Joshi', 'जोशी'],
  ['Chavan', 'चव्हाण'],
  ['Bhosale', 'भोसले'],
];

/** The i-th of the 156 first-and-last-name pairs, in both languages. */
export function nameAt(i: number): Names {
  const [fe, fm] = FIRST_NAMES[i % FIRST_NAMES.length];
  const [le, lm] = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
  return { en: `${fe} ${le}`, mr: `${fm} ${lm}` };
}

export const SMALLEST_BODY: Record<KindName, (registration: string, names: Names, serialNo: number) => Body> = {
  birth: (registration, names, serialNo) => ({
    serialNo,
    registrationNo: registration,
    registrationDate: '2026-01-12',
    birthDate: '2026-01-01',
    childFullNameEnglish: names.en,
    childFullNameMarathi: names.mr,
    gender: 'Male',
    fatherFullNameMarathi: 'ज्ञानेश्वर कृष्ण पाटील',
    fatherFullNameEnglish: 'Dnyaneshwar Krishna Patil',
    motherFullNameMarathi: 'प्रियांका पाटील',
    motherFullNameEnglish: 'Priyanka Patil',
    fatherOccupation: 'farming',
    motherOccupation: 'housewife',
    childAadharNumber: '123456789012',
    addressAtBirthMarathi: 'मु. पो. पिंपळगाव बसवंत, ता. निफाड',
    addressAtBirthEnglish: 'At post Pimpalgaon Baswant, Tal. Niphad',
    birthPlaceMarathi: 'प्राथमिक आरोग्य केंद्र, पिंपळगाव',
    birthPlaceEnglish: 'Primary Health Centre, Pimpalgaon',
    permanentAddressMarathi: 'मु. पो. पिंपळगाव बसवंत, ता. निफाड',
    permanentAddressEnglish: 'At post Pimpalgaon Baswant, Tal. Niphad',
  }),
  death: (registration, names) => ({
    registrationNumber: registration,
    registrationDate: '2026-03-05',
    deceasedNameEnglish: names.en,
    deceasedNameMarathi: names.mr,
    genderEnglish: 'Female',
    aadhaarNumberDeceased: '456789012345',
    dateOfDeath: '2026-03-01',
    placeOfDeathMarathi: 'राहते घर, पिंपळगाव',
    placeOfDeathEnglish: 'Residence, Pimpalgaon',
    ageOfDeceased: 84,
    spouseNameMarathi: 'रामचंद्र शिंदे',
    spouseNameEnglish: 'Ramchandra Shinde',
    fatherNameMarathi: 'विठ्ठल जाधव',
    fatherNameEnglish: 'Vitthal Jadhav',
    motherNameMarathi: 'रखमाबाई जाधव',
    motherNameEnglish: 'Rakhmabai Jadhav',
    addressAtDeathMarathi: 'मु. पो. पिंपळगाव',
    addressAtDeathEnglish: 'At post Pimpalgaon',
  }),
  residence: (registration, names) => ({
    registrationNumber: registration,
    registrationDate: '2026-02-10',
    applicantNameEnglish: names.en,
    applicantNameMarathi: names.mr,
    applicantAadhaar: '678901234567',
    applicantAge: 24,
    applicantMobile: '9876501234',
    guardianNameMarathi: 'सुनील कुलकर्णी',
    guardianNameEnglish: 'Sunil Kulkarni',
    applicantProfession: 'job',
  }),
  marriage: (registration, names) => ({
    registrationNumber: registration,
    registrationDate: '2026-06-12',
    marriageDate: '2026-05-20',
    khandNumber: '3',
    husbandBirthDate: '1998-02-28',
    wifeBirthDate: '2001-08-15',
    marriagePlaceEnglish: 'Shri Mangal Karyalay',
    witness1NameMarathi: 'संजय पवार',
    witness1AddressMarathi: 'पिंपळगाव',
    husbandNameEnglish: names.en,
    husbandNameMarathi: names.mr,
    husbandFatherNameMarathi: 'अशोक देशमुख',
    husbandFatherNameEnglish: 'Ashok Deshmukh',
    wifeNameMarathi: 'स्नेहा रोहित देशमुख',
    wifeNameEnglish: 'Sneha Rohit Deshmukh',
    wifeFatherNameMarathi: 'प्रकाश गायकवाड',
    wifeFatherNameEnglish: 'Prakash Gaikwad',
    marriagePlaceMarathi: 'श्री मंगल कार्यालय',
    officiantNameMarathi: 'वेदमूर्ती गणेश जोशी',
  }),
};

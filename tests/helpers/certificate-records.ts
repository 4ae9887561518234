// Certificate records as Prisma returns them (dates as Date, a Decimal, nulls), with realistic Marathi
// names and conjuncts, for the PDF tests and the PDF benchmark.
import sharp from 'sharp';
import type { Office } from '../../server/lib/pdf/index.ts';

export const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
export const office: Office = {
  officeName: 'ग्रामपंचायत कार्यालय वडगाव',
  officeNameEnglish: 'Gram Panchayat Office Wadgaon',
  block: 'मावळ',
  blockEnglish: 'Maval',
  district: 'पुणे',
  districtEnglish: 'Pune',
};

export const birth = {
  birthCertificatesId: '3f2b8c1e-5d4a-4b6e-9a7c-1e2d3f4a5b6c',
  serialNo: 42,
  registrationNo: 'JNM/2026/0142',
  crsRegistrationNumber: 'B2026MH2741000142',
  registrationDate: day('2026-11-05'),
  birthDate: day('2026-11-01'),
  birthDateWords: 'एक नोव्हेंबर दोन हजार सव्वीस',
  childFullNameMarathi: 'आर्या संदीप पाटील',
  childFullNameEnglish: 'Arya Sandeep Patil',
  childAadharNumber: '123456789012',
  gender: 'Female',
  nationality: 'Indian',
  birthPlaceMarathi: 'प्राथमिक आरोग्य केंद्र, वडगाव',
  birthPlaceEnglish: 'Primary Health Centre, Wadgaon',
  addressAtBirthMarathi: 'मु. पो. वडगाव, ता. मावळ, जि. पुणे',
  addressAtBirthEnglish: 'At Post Wadgaon, Tal. Maval, Dist. Pune',
  permanentAddressMarathi: 'घर क्र. २१७, शिवाजी चौक, वडगाव',
  permanentAddressEnglish: 'House No. 217, Shivaji Chowk, Wadgaon',
  fatherFullNameMarathi: 'संदीप रामचंद्र पाटील',
  fatherFullNameEnglish: 'Sandeep Ramchandra Patil',
  fatherAadharNumber: '234567890123',
  motherFullNameMarathi: 'प्रियांका संदीप पाटील',
  motherFullNameEnglish: 'Priyanka Sandeep Patil',
  motherAadharNumber: '345678901234',
  // Prisma returns Decimal columns as objects; the PDF must not choke on one.
  birthWeightKg: { toString: () => '3.15' },
  remarksMarathi: '',
  remarksEnglish: '',
  fatherBirthDate: null,
};

export const death = {
  deathCertificatesId: '7a1c9e2f-3b4d-4c5e-8f6a-9b0c1d2e3f4a',
  registrationNumber: 'MRT/2026/0037',
  crsRegistrationNumber: 'D2026MH2741000037',
  registrationDate: day('2026-11-03'),
  deceasedNameMarathi: 'ज्ञानेश्वर कृष्ण क्षीरसागर',
  deceasedNameEnglish: 'Dnyaneshwar Krishna Kshirsagar',
  genderMarathi: 'पुरुष',
  genderEnglish: 'Male',
  aadhaarNumberDeceased: '987654321098',
  dateOfDeath: day('2026-11-01'),
  dateOfDeathWords: 'First November Two Thousand Twenty Six',
  placeOfDeathMarathi: 'राहते घर, वडगाव',
  placeOfDeathEnglish: 'Residence, Wadgaon',
  ageOfDeceased: 78,
  spouseNameMarathi: 'सुमन ज्ञानेश्वर क्षीरसागर',
  spouseNameEnglish: 'Suman Dnyaneshwar Kshirsagar',
  spouseAadhaarNumber: '876543210987',
  motherNameMarathi: 'यशोदा कृष्ण क्षीरसागर',
  motherNameEnglish: 'Yashoda Krishna Kshirsagar',
  motherAadhaarNumber: '765432109876',
  fatherNameMarathi: 'कृष्ण त्र्यंबक क्षीरसागर',
  fatherNameEnglish: 'Krishna Trimbak Kshirsagar',
  fatherAadhaarNumber: '',
  addressAtDeathMarathi: 'मु. पो. वडगाव',
  addressAtDeathEnglish: 'At Post Wadgaon',
  permanentAddressMarathi: 'मु. पो. वडगाव',
  permanentAddressEnglish: 'At Post Wadgaon',
  informantName: 'सुमन क्षीरसागर',
  remarksMarathi: '',
  remarksEnglish: '',
};

export const residence = {
  residentialCertificatesIdCertId: 'c4d5e6f7-8a9b-4c0d-9e1f-2a3b4c5d6e7f',
  registrationNumber: 'RHV/2026/0311',
  registrationDate: day('2026-11-10'),
  applicantNameMarathi: 'शीतल चव्हाण-बऱ्हाणपूरकर',
  applicantNameEnglish: 'Sheetal Chavan-Barhanpurkar',
  applicantAadhaar: '456789012345',
  applicantAge: 34,
  applicantMobile: '9876543210',
  guardianNameMarathi: 'विठ्ठल बाबूराव चव्हाण',
  guardianNameEnglish: 'Vitthal Baburao Chavan',
  applicantProfession: 'farming',
};

export const marriage = {
  marriageCertificatesId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
  registrationNumber: 'VIV/2026/0019',
  registrationDate: day('2026-11-20'),
  marriageDate: day('2026-11-15'),
  issueDate: day('2026-11-21'),
  khandNumber: '3',
  husbandNameMarathi: 'ओंकार सुनील जाधव',
  husbandNameEnglish: 'Omkar Sunil Jadhav',
  husbandFatherNameMarathi: 'सुनील दत्तात्रय जाधव',
  husbandFatherNameEnglish: 'Sunil Dattatray Jadhav',
  husbandPermAddressMarathi: 'मु. पो. कामशेत, ता. मावळ',
  husbandPermAddressEnglish: 'At Post Kamshet, Tal. Maval',
  husbandAadhaar: '567890123456',
  husbandBirthDate: day('1998-03-12'),
  husbandAgeYears: 28,
  husbandAgeMonths: 8,
  wifeNameMarathi: 'श्रेया प्रकाश देशमुख',
  wifeNameEnglish: 'Shreya Prakash Deshmukh',
  wifeFatherNameMarathi: 'प्रकाश गणपत देशमुख',
  wifeFatherNameEnglish: 'Prakash Ganpat Deshmukh',
  wifePermAddressMarathi: 'मु. पो. वडगाव, ता. मावळ',
  wifePermAddressEnglish: 'At Post Wadgaon, Tal. Maval',
  wifeAadhaar: '678901234567',
  wifeBirthDate: day('2001-07-29'),
  wifeAgeYears: 25,
  wifeAgeMonths: 3,
  marriagePlaceMarathi: 'श्री विठ्ठल मंगल कार्यालय, वडगाव',
  marriagePlaceEnglish: 'Shri Vitthal Mangal Karyalay, Wadgaon',
  underMarriageAct: 'Yes',
  ceremonyCompletedByLaw: 'Yes',
  officiantNameMarathi: 'वेदमूर्ती गणेश जोशी',
  remarksMarathi: '',
  remarksEnglish: '',
  husbandPhotoPath: null,
  wifePhotoPath: null,
};

/** A plain passport-sized picture in the given format. */
export async function photo(format: 'jpeg' | 'png' | 'webp', color: string): Promise<Buffer> {
  const image = sharp({ create: { width: 150, height: 190, channels: 3, background: color } });
  return image[format]().toBuffer();
}

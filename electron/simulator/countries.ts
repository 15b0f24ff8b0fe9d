/**
 * The countries the simulated catalogue covers: ISO 3166-1 alpha-2 code, continent and mobile
 * country code (ITU E.212). Names come from the runtime's CLDR data, so they read as people expect.
 */

export type Continent = 'Europe' | 'Asia' | 'Africa' | 'North America' | 'South America' | 'Oceania';

export interface Country {
  readonly iso2: string;
  readonly name: string;
  readonly continent: Continent;
  readonly mcc: string;
  readonly operators: readonly string[];
}

const CONTINENTS: Record<string, Continent> = {
  EU: 'Europe',
  AS: 'Asia',
  AF: 'Africa',
  NA: 'North America',
  SA: 'South America',
  OC: 'Oceania',
};

// code:mcc, grouped by continent.
const TABLE: Record<string, string> = {
  EU:
    'AD:213 AL:276 AT:232 BA:218 BE:206 BG:284 BY:257 CH:228 CY:280 CZ:230 DE:262 DK:238 EE:248 ES:214 ' +
    'FI:244 FO:288 FR:208 GB:234 GI:266 GR:202 HR:219 HU:216 IE:272 IS:274 IT:222 LI:295 LT:246 LU:270 ' +
    'LV:247 MC:212 MD:259 ME:297 MK:294 MT:278 NL:204 NO:242 PL:260 PT:268 RO:226 RS:220 SE:240 SI:293 ' +
    'SK:231 SM:292 UA:255 XK:221 VA:225 GE:282 AM:283',
  AS:
    'AE:424 AF:412 AZ:400 BD:470 BH:426 BN:528 BT:402 CN:460 HK:454 ID:510 IL:425 IN:404 IQ:418 JO:416 ' +
    'JP:440 KG:437 KH:456 KR:450 KW:419 KZ:401 LA:457 LB:415 LK:413 MM:414 MN:428 MO:455 MV:472 MY:502 ' +
    'NP:429 OM:422 PH:515 PK:410 PS:425 QA:427 SA:420 SG:525 TH:520 TJ:436 TL:514 TM:438 TR:286 TW:466 ' +
    'UZ:434 VN:452 YE:421',
  AF:
    'AO:631 BF:613 BI:642 BJ:616 BW:652 CD:630 CF:623 CG:629 CI:612 CM:624 CV:625 DJ:638 DZ:603 EG:602 ' +
    'ET:636 GA:628 GH:620 GM:607 GN:611 GQ:627 GW:632 KE:639 KM:654 LR:618 LS:651 LY:606 MA:604 MG:646 ' +
    'ML:610 MR:609 MU:617 MW:650 MZ:643 NA:649 NE:614 NG:621 RE:647 RW:635 SC:633 SD:634 SL:619 SN:608 ' +
    'SO:637 SS:659 ST:626 SZ:653 TD:622 TG:615 TN:605 TZ:640 UG:641 ZA:655 ZM:645 ZW:648',
  NA:
    'AG:344 AI:365 AW:363 BB:342 BM:350 BS:364 BZ:702 CA:302 CR:712 CW:362 DM:366 DO:370 GD:352 GP:340 ' +
    'GT:704 HN:708 HT:372 JM:338 KN:356 KY:346 LC:358 MQ:340 MS:354 MX:334 NI:710 PA:714 PR:330 SV:706 ' +
    'TC:376 TT:374 US:310 VC:360 VG:348',
  SA: 'AR:722 BO:736 BR:724 CL:730 CO:732 EC:740 GF:742 GY:738 PE:716 PY:744 SR:746 UY:748',
  OC: 'AU:505 FJ:542 GU:310 NC:546 NZ:530 PF:547 PG:537 SB:540 TO:539 VU:541 WS:549 FM:550 PW:552',
};

// Real operators of the busiest destinations; elsewhere the names are generic but plausible.
const OPERATORS: Record<string, readonly string[]> = {
  IQ: ['Asiacell', 'Zain IQ', 'Korek Telecom'],
  TR: ['Turkcell', 'Vodafone TR', 'Türk Telekom'],
  AE: ['Etisalat', 'du'],
  SA: ['STC', 'Mobily', 'Zain KSA'],
  JO: ['Zain JO', 'Orange JO', 'Umniah'],
  US: ['AT&T', 'T-Mobile', 'Verizon'],
  GB: ['EE', 'Vodafone UK', 'O2 UK', 'Three UK'],
  DE: ['Telekom.de', 'Vodafone.de', 'O2 Germany'],
  FR: ['Orange F', 'SFR', 'Bouygues Telecom'],
  IT: ['TIM', 'Vodafone IT', 'WindTre'],
  ES: ['Movistar', 'Orange ES', 'Vodafone ES'],
  EG: ['Vodafone EG', 'Orange EG', 'Etisalat EG'],
  IR: ['MCI', 'Irancell'],
  IN: ['Airtel', 'Jio', 'Vi'],
  CN: ['China Mobile', 'China Unicom'],
  JP: ['NTT Docomo', 'SoftBank', 'KDDI'],
  TH: ['AIS', 'dtac', 'TrueMove H'],
  QA: ['Ooredoo QA', 'Vodafone QA'],
  KW: ['Zain KW', 'Ooredoo KW', 'STC KW'],
  LB: ['Alfa', 'touch'],
  GE: ['Magti', 'Silknet', 'Cellfie'],
  AZ: ['Azercell', 'Bakcell'],
  AU: ['Telstra', 'Optus', 'Vodafone AU'],
  CA: ['Rogers', 'Bell', 'Telus'],
};

let cached: readonly Country[] | null = null;

/** Every country of the catalogue, sorted by English name. */
export function countries(): readonly Country[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const list: Country[] = [];
  for (const [continentKey, row] of Object.entries(TABLE)) {
    for (const pair of row.trim().split(/\s+/)) {
      const [iso2 = '', mcc = ''] = pair.split(':');
      const name = names.of(iso2) ?? iso2;
      list.push({
        iso2,
        name,
        continent: CONTINENTS[continentKey] ?? 'Europe',
        mcc,
        operators: OPERATORS[iso2] ?? [`${name} Mobile`, `${name} Telecom`],
      });
    }
  }
  list.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  cached = list;
  return list;
}

export function countryByIso(iso2: string): Country | undefined {
  return countries().find((c) => c.iso2 === iso2.toUpperCase());
}

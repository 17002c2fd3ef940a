export const DEMO_DOMAIN = 'northwind.example';
export const DEMO_EMAIL = `alex@${DEMO_DOMAIN}`;

export const DEMO_TEAM = [
  { person: 'alex', email: DEMO_EMAIL, firstName: 'Alex', lastName: 'Morgan', admin: true },
  { person: 'jordan', email: `jordan@${DEMO_DOMAIN}`, firstName: 'Jordan', lastName: 'Lee', admin: false },
  { person: 'sam', email: `sam@${DEMO_DOMAIN}`, firstName: 'Sam', lastName: 'Patel', admin: false },
  { person: 'riley', email: `riley@${DEMO_DOMAIN}`, firstName: 'Riley', lastName: 'Chen', admin: false },
] as const;

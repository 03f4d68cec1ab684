import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { onboardingForms, users } from "../../db/schema.ts";

/**
 * How the screens name a person (issue 14: "Maria archived Spring Gala"): the first and last name of
 * their newest onboarding form, else the account's name when it is not just the email address (the
 * sign-up and the admin bootstrap store the address there); null when neither. `users` must be
 * joined on `userId` in the query that uses it.
 */
export const personName = (userId: SQL | AnyColumn): SQL<string | null> => sql<string | null>`coalesce(
  (select nullif(concat_ws(' ', ${onboardingForms.firstName}, ${onboardingForms.lastName}), '')
     from ${onboardingForms} where ${onboardingForms.userId} = ${userId}
     order by ${onboardingForms.createdAt} desc limit 1),
  nullif(nullif(${users.name}, ''), ${users.email})
)`;

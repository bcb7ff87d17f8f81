/** The booking fragments the booking summary shares with the dashboard's cards (their SQL lives in repository-sql.ts). */
export { bookingProductsSql, selfCheckInDoneSql } from './repository-sql';

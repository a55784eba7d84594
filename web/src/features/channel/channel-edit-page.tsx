/**
 * /channel/add and /channel/edit/{id}: the channel editor is a side drawer over the channel list
 * (spec 001 "Channel editor"), so these routes show the list with the drawer open.
 */
export { default } from './channel-list-page';

// LOCAL STUB, never committed: the accounts helper owns this file.
export default function PersonalTab() {
  return null;
}

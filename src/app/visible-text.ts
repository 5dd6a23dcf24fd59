// Whether a text shows anything: what a name or a message must do. Spaces, zero-width and other
// default-ignorable characters, format characters and lone combining marks draw nothing, so a
// name or a message made only of them (U+200B, U+3164...) is as empty as "" to its reader.
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}]/gu;

export function nothingVisible(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

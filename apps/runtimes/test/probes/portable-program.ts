/** A probe of the harness: a program every runtime runs alike (Web APIs only), to prove each runner can pass. */
export async function runProgram(): Promise<Record<string, unknown>> {
  const bytes = new TextEncoder().encode('你好, Core');
  const stream = new Response(new Blob([bytes])).body!;
  let text = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += new TextDecoder().decode(chunk, { stream: true });
  return { ok: true, text, bytes: bytes.length, json: JSON.parse('{"a":[1,2,{"b":null}]}') as unknown, sorted: ['b', 'a', 'c'].sort() };
}

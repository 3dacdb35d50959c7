import { createSocket, type RemoteInfo } from 'node:dgram';
import dnsPacket from 'dns-packet';

/** Answers for one name: each list is a sequence of answer sets; the last set repeats forever. */
export interface DnsRecords {
  A?: string[][];
  AAAA?: string[][];
}

/** A DNS server on 127.0.0.1 for tests: fixed answers per name, TTL 0, NXDOMAIN otherwise. */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for DNS_SERVERS / `dnsServers`. */
  readonly address: string;
  /** Sets the answers of a name (case-insensitive), replacing earlier ones and their counters. */
  set(name: string, records: DnsRecords): void;
  /** Answers `first` to the first A query of `name` and `then` to every later one (rebinding). */
  rebind(name: string, first: string, then: string): void;
  /** How many A queries for `name` were answered. */
  queries(name: string): number;
  /** Never answers queries for `name` (a dead name server). */
  silence(name: string): void;
  close(): Promise<void>;
}

interface Entry {
  records: DnsRecords;
  served: { A: number; AAAA: number };
}

const NXDOMAIN = 3;

function answerSet(sets: string[][] | undefined, index: number): string[] {
  if (sets === undefined || sets.length === 0) return [];
  return sets[Math.min(index, sets.length - 1)] ?? [];
}

/** Starts the server on 127.0.0.1 and an ephemeral UDP port. */
export async function startTestDnsServer(): Promise<TestDnsServer> {
  const names = new Map<string, Entry>();
  const silent = new Set<string>();
  const socket = createSocket('udp4');

  function respond(message: Buffer, from: RemoteInfo): void {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (question !== undefined && silent.has(question.name.toLowerCase())) return;
    const entry = question === undefined ? undefined : names.get(question.name.toLowerCase());
    const answers: dnsPacket.Answer[] = [];
    if (
      question !== undefined &&
      entry !== undefined &&
      (question.type === 'A' || question.type === 'AAAA')
    ) {
      const type = question.type;
      for (const data of answerSet(entry.records[type], entry.served[type])) {
        answers.push({ type, name: question.name, ttl: 0, class: 'IN', data });
      }
      entry.served[type] += 1;
    }
    const flags =
      dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE;
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id ?? 0,
      flags: entry === undefined ? flags | NXDOMAIN : flags,
      questions: query.questions ?? [],
      answers,
    });
    socket.send(reply, from.port, from.address);
  }

  socket.on('message', respond);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  const { port } = socket.address();

  const set = (name: string, records: DnsRecords): void => {
    names.set(name.toLowerCase(), { records, served: { A: 0, AAAA: 0 } });
  };
  return {
    address: `127.0.0.1:${port}`,
    set,
    rebind: (name, first, then) => set(name, { A: [[first], [then]] }),
    queries: (name) => names.get(name.toLowerCase())?.served.A ?? 0,
    silence: (name) => void silent.add(name.toLowerCase()),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

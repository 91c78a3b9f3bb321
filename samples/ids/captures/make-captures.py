#!/usr/bin/python3
"""Makes the captures in this folder with third-party tools: tcpdump (real loopback traffic in a
private network namespace), Wireshark's editcap and mergecap, and scapy. Run as root from this
folder, after ./mvnw -q compile (for TrafficGenerator):

    apt-get install -y tcpdump tshark python3-scapy
    /usr/bin/python3 make-captures.py

The IDS's build and tests read the results and need none of these tools."""
import gzip, os, shutil, subprocess, sys
from scapy.all import (CookedLinux, CookedLinuxV2, Dot1AD, Dot1Q, Ether, IP, PcapReader, PcapWriter, Raw, UDP,
                       conf)

HERE = os.path.dirname(os.path.abspath(__file__))
CLASSES = os.path.join(HERE, '..', 'target', 'classes')
JAVA = os.environ.get('JAVA_HOME', '/usr/lib/jvm/temurin-25-jdk-amd64') + '/bin/java'


def ETHER():
    return Ether(src='02:00:00:00:00:01', dst='02:00:00:00:00:02')


def run(*cmd):
    subprocess.run(cmd, check=True)


def gz(name):
    with open(name, 'rb') as f, gzip.GzipFile(name + '.gz', 'wb', mtime=0) as g:
        shutil.copyfileobj(f, g)
    os.remove(name)


def write(name, packets, linktype):
    w = PcapWriter(name, linktype=linktype, snaplen=262144, sync=True)
    for p in packets:
        w.write(p)
    w.close()


def mix():
    """The generated traffic mix, in classic pcap, then as Wireshark's pcapng and as Linux cooked captures."""
    run(JAVA, '-cp', CLASSES, 'org.streamflex.samples.ids.pcap.TrafficGenerator', 'mix.pcap', '2000', '5')
    run('editcap', '-F', 'pcapng', 'mix.pcap', 'mix.pcapng')
    v1, v2 = [], []
    for p in PcapReader('mix.pcap'):
        e = p[Ether]
        for cooked, out in ((CookedLinux(pkttype=0, lladdrtype=1, lladdrlen=6, src=bytes.fromhex(e.src.replace(':', '')) + b'\0\0', proto=e.type), v1),
                            (CookedLinuxV2(proto=e.type, ifindex=2, lladdrtype=1, pkttype=0, lladdrlen=6, src=bytes.fromhex(e.src.replace(':', '')) + b'\0\0'), v2)):
            q = cooked / e.payload
            q.time = p.time
            out.append(q)
    write('mix-cooked.pcap', v1, 113)
    write('mix-cooked2.pcap', v2, 276)
    run('editcap', '-F', 'pcapng', 'mix-cooked2.pcap', 'mix-cooked2.pcapng')
    os.remove('mix-cooked2.pcap')
    for name in ('mix.pcap', 'mix.pcapng', 'mix-cooked.pcap', 'mix-cooked2.pcapng'):
        gz(name)


def loopback():
    """Real traffic on loopback, captured at once as Ethernet (-i lo) and Linux cooked v2 and v1 (-i any)."""
    with open('payload.txt', 'w') as f:
        f.write('StreamFlex intrusion detection sample payload line\n' * 8000)
    traffic = r'''
import socket, threading, time, http.server, urllib.request, subprocess
srv = http.server.ThreadingHTTPServer(("127.0.0.1", 8088), http.server.SimpleHTTPRequestHandler)
threading.Thread(target=srv.serve_forever, daemon=True).start()
assert len(urllib.request.urlopen("http://127.0.0.1:8088/payload.txt").read()) == 408000
srv.shutdown(); time.sleep(0.2)
subprocess.run(["ip", "link", "set", "lo", "mtu", "1500"], check=True)
r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); r.bind(("127.0.0.1", 9999))
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for n in (3000, 5000, 8000, 12000):
    s.sendto(bytes(n), ("127.0.0.1", 9999)); r.recv(65535)
time.sleep(0.3)
'''
    with open('traffic.py', 'w') as f:
        f.write(traffic)
    run('unshare', '-n', 'bash', '-c', '''
        ip link set lo up
        tcpdump -q -i lo -w loopback-ethernet.pcap 2>/dev/null & A=$!
        tcpdump -q -i any -w loopback-any.pcap 2>/dev/null & B=$!
        tcpdump -q -i any -y LINUX_SLL -w loopback-any-v1.pcap 2>/dev/null & C=$!
        sleep 1.5; /usr/bin/python3 traffic.py 2>/dev/null; sleep 1
        kill -INT $A $B $C; wait''')
    os.remove('payload.txt')
    os.remove('traffic.py')
    run('editcap', '-F', 'pcapng', 'loopback-any.pcap', 'loopback-any.pcapng')
    os.remove('loopback-any.pcap')
    for name in ('loopback-ethernet.pcap', 'loopback-any.pcapng', 'loopback-any-v1.pcap'):
        gz(name)


def fragment(ip_id, proto, start, payload, more, t, link=lambda ip: ETHER() / ip, src='192.168.7.1',
             dst='192.168.7.2', pad=0):
    p = link(IP(src=src, dst=dst, id=ip_id, proto=proto, flags='MF' if more else 0, frag=start // 8)
             / Raw(b'x' * payload))
    if pad:  # Ethernet padding after the IP packet, which keeps its own length
        b = bytes(p)
        p = Ether(b + b'\0' * (pad - len(b)))
    p.time = t
    return p


def attacks():
    """Attacks and benign traffic that the IDS before issue 13 got wrong, one after the other."""
    t = 1_700_000_000.0
    ps = []
    # A1: a teardrop whose last fragment arrives first.
    ps += [fragment(100, 17, 24, 4, False, t + .001), fragment(100, 17, 0, 36, True, t + .002)]
    # A2: a tiny TCP fragment padded past 65,535 bytes, and the rest of its datagram.
    ps += [fragment(101, 6, 0, 8, True, t + .003, pad=70_000), fragment(101, 6, 8, 32, False, t + .004)]
    # A3: a teardrop behind an 802.1Q tag.
    vlan = lambda ip: ETHER() / Dot1Q(vlan=10) / ip
    ps += [fragment(102, 17, 0, 36, True, t + .005, vlan), fragment(102, 17, 24, 4, False, t + .006, vlan)]
    # A4: a tiny TCP fragment behind 802.1ad and 802.1Q tags (QinQ), and the rest.
    qinq = lambda ip: ETHER() / Dot1AD(vlan=20) / Dot1Q(vlan=30) / ip
    ps += [fragment(103, 6, 0, 8, True, t + .007, qinq), fragment(103, 6, 8, 32, False, t + .008, qinq)]
    # A5: a teardrop whose fragments have 1,100 first fragments of other datagrams between them.
    ps.append(fragment(104, 17, 0, 36, True, t + .009))
    for i in range(1100):
        ps.append(fragment(2000 + i, 17, 0, 8, True, t + .010 + i * 1e-6, src='10.9.%d.%d' % (i // 250, i % 250)))
    ps.append(fragment(104, 17, 24, 4, False, t + .020))
    # B1: a benign datagram whose fragments arrive in reverse order.
    ps += [fragment(105, 17, 2960, 48, False, t + .021), fragment(105, 17, 1480, 1480, True, t + .022),
           fragment(105, 17, 0, 1480, True, t + .023)]
    # B2: a benign datagram with a duplicated fragment.
    ps += [fragment(106, 17, 0, 1480, True, t + .024), fragment(106, 17, 0, 1480, True, t + .025),
           fragment(106, 17, 1480, 120, False, t + .026)]
    # B3: a first fragment whose last one is lost, and 200 s later a new datagram with the same id.
    ps.append(fragment(107, 17, 0, 1480, True, t + .050))
    ps += [fragment(107, 17, 0, 800, True, t + 200), fragment(107, 17, 800, 200, False, t + 200.001)]
    write('attacks.pcap', ps, 1)
    run('editcap', '-F', 'pcapng', 'attacks.pcap', 'attacks.pcapng')
    os.remove('attacks.pcap')


def links():
    """Several interfaces and link types in one pcapng, as mergecap writes them: Linux cooked v2,
    Ethernet, and raw IP (link type 101), which the IDS does not read."""
    raw = [IP(src='10.0.0.1', dst='10.0.0.2') / UDP() / Raw(b'raw') for _ in range(3)]
    for i, p in enumerate(raw):
        p.time = 1_700_000_000 + i
    write('raw.pcap', raw, 101)
    run('mergecap', '-F', 'pcapng', '-w', 'mixed-links.pcapng', 'mix-cooked2.pcapng.gz', 'loopback-ethernet.pcap.gz',
        'raw.pcap')
    os.remove('raw.pcap')
    gz('mixed-links.pcapng')


if __name__ == '__main__':
    os.chdir(HERE)
    conf.verb = 0
    steps = {'mix': mix, 'loopback': loopback, 'attacks': attacks, 'links': links}
    for step in sys.argv[1:] or steps:
        steps[step]()

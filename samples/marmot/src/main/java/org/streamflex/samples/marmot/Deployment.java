package org.streamflex.samples.marmot;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The nodes of a deployment, read from two CSV files: {@code nodes.csv} with lines
 * {@code node,x_m,y_m,heading_deg} and {@code mics.csv} with lines {@code node,mic,x_m,y_m}
 * (microphone positions in the node's frame), read as {@link CsvFile} says: a header line (first
 * field {@code node}), blank lines and lines starting with {@code #} are skipped, and fields may be
 * quoted as spreadsheets write them. Node ids are names without commas; a node's
 * microphones are numbered from 0 or 1 and ordered by number, which is also their channel order in
 * its recording.
 *
 * <pre>{@code
 * Deployment d = Deployment.read(dir.resolve("nodes.csv"), dir.resolve("mics.csv"));
 * for (NodeSite n : d.nodes()) { ... }
 * d.write(otherDir);   // nodes.csv and mics.csv again
 * }</pre>
 */
public final class Deployment {
    /** The file name of the node positions in a scene directory. */
    public static final String NODES_FILE = "nodes.csv";
    /** The file name of the microphone positions in a scene directory. */
    public static final String MICS_FILE = "mics.csv";

    private final List<NodeSite> nodes;
    /** Nodes closer than this, metres, are warned of: see {@link #read}. */
    static final double SAME_PLACE_METRES = 0.1;

    private final List<String> warnings;

    /** A deployment of these nodes, in this order. */
    public Deployment(List<NodeSite> nodes) {
        this(nodes, List.of());
    }

    private Deployment(List<NodeSite> nodes, List<String> warnings) {
        this.nodes = List.copyOf(nodes);
        this.warnings = List.copyOf(warnings);
    }

    /**
     * What {@link #read} found questionable but usable, one sentence a problem: a node's microphones
     * on one line (each azimuth as likely as its mirror), or metres apart (positions written in
     * millimetres?). Empty for a deployment made in code.
     */
    public List<String> warnings() {
        return warnings;
    }

    /** The nodes, in the order of {@code nodes.csv}. */
    public List<NodeSite> nodes() {
        return nodes;
    }

    /**
     * A 64-bit digest of the deployment as read: every node's id, position and heading, and its
     * microphones' positions, in file order (so two files that differ only in spacing, comments or
     * how a number is written give the same; a node listed in another order does not, since a
     * node's index travels in its items). A node of a split run stamps it on every
     * {@link DoaVector} it sends, and the server ignores detections read against another
     * deployment (their node index and microphone geometry would not be the server's).
     *
     * <pre>{@code
     * Deployment.fingerprintText(deployment.fingerprint());   // as the node and the server print it
     * }</pre>
     */
    public long fingerprint() {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        ByteBuffer b = ByteBuffer.allocate(Long.BYTES);
        for (NodeSite n : nodes) {
            byte[] id = n.id().getBytes(StandardCharsets.UTF_8);
            sha.update(b.clear().putInt(id.length).flip());
            sha.update(id);
            digest(sha, b, n.x());
            digest(sha, b, n.y());
            digest(sha, b, n.headingDegrees());
            sha.update(b.clear().putInt(n.mics()).flip());
            for (int m = 0; m < n.mics(); m++) {
                digest(sha, b, n.micX(m));
                digest(sha, b, n.micY(m));
            }
        }
        return ByteBuffer.wrap(sha.digest()).getLong();
    }

    /** {@link #fingerprint()} as the command prints it: 16 hexadecimal digits. */
    public String fingerprintText() {
        return fingerprintText(fingerprint());
    }

    /** A fingerprint as the command prints it, such as one a node stamped on its items. */
    public static String fingerprintText(long fingerprint) {
        return String.format(Locale.ROOT, "%016x", fingerprint);
    }

    private static void digest(MessageDigest sha, ByteBuffer b, double v) {
        // -0.0 and 0.0 are the same position.
        sha.update(b.clear().putLong(Double.doubleToLongBits(v + 0.0)).flip());
    }

    /** The largest distance between two nodes, metres (0 with fewer than two). */
    public double maxNodeDistance() {
        double max = 0;
        for (int i = 0; i < nodes.size(); i++) {
            for (int j = i + 1; j < nodes.size(); j++) {
                max = Math.max(max, Math.hypot(nodes.get(i).x() - nodes.get(j).x(),
                        nodes.get(i).y() - nodes.get(j).y()));
            }
        }
        return max;
    }

    /**
     * Reads a deployment.
     *
     * @throws BadCsvException naming the file and line of the first problem: a missing file, more
     *     than {@link DoaCluster#MAX_NODES} nodes, a line with the wrong number of fields, a field that
     *     is not a number, a node listed twice, microphones of an unknown node, a node with fewer
     *     than 3 microphones or all of them within 1 mm of one another ({@link ArrayGeometry}); what
     *     is questionable but usable is in {@link #warnings()}: microphones on one line, metres apart
     *     or centred metres from their node, two nodes within {@link #SAME_PLACE_METRES} of each other
     */
    public static Deployment read(Path nodesCsv, Path micsCsv) throws BadCsvException {
        Map<String, double[]> poses = new LinkedHashMap<>();
        for (CsvFile.Line line : CsvFile.read(nodesCsv, "node,x_m,y_m,heading_deg")) {
            double[] pose = {line.number(1, "x_m"), line.number(2, "y_m"), line.number(3, "heading_deg")};
            if (poses.put(line.field(0), pose) != null) {
                throw line.error("node " + line.field(0) + " is listed twice");
            }
        }
        if (poses.isEmpty()) {
            throw new BadCsvException(nodesCsv, 0, "no nodes (expected lines node,x_m,y_m,heading_deg)");
        }
        if (poses.size() > DoaCluster.MAX_NODES) {
            throw new BadCsvException(nodesCsv, 0, poses.size() + " nodes; the sample fuses at most "
                    + DoaCluster.MAX_NODES + " (DoaCluster.MAX_NODES): split the deployment into areas of at most "
                    + DoaCluster.MAX_NODES + " nodes");
        }
        Map<String, TreeMap<Integer, double[]>> mics = new LinkedHashMap<>();
        for (CsvFile.Line line : CsvFile.read(micsCsv, "node,mic,x_m,y_m")) {
            String node = line.field(0);
            if (!poses.containsKey(node)) {
                throw line.error("node " + node + " is not in " + nodesCsv.getFileName());
            }
            int mic = line.integer(1, "mic");
            double[] xy = {line.number(2, "x_m"), line.number(3, "y_m")};
            if (mics.computeIfAbsent(node, k -> new TreeMap<>()).put(mic, xy) != null) {
                throw line.error("microphone " + mic + " of node " + node + " is listed twice");
            }
        }
        List<NodeSite> nodes = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (Map.Entry<String, double[]> e : poses.entrySet()) {
            TreeMap<Integer, double[]> m = mics.get(e.getKey());
            if (m == null || m.size() < 3) {
                throw new BadCsvException(micsCsv, 0, "node " + e.getKey() + " has " + (m == null ? 0 : m.size())
                        + " microphones; direction finding needs at least 3, spread in two dimensions");
            }
            double[] xs = new double[m.size()];
            double[] ys = new double[m.size()];
            int i = 0;
            for (double[] xy : m.values()) {
                xs[i] = xy[0];
                ys[i++] = xy[1];
            }
            ArrayGeometry geometry = ArrayGeometry.of(xs, ys);
            String refusal = geometry.refusal(e.getKey(), xs.length);
            if (refusal != null) {
                throw new BadCsvException(micsCsv, 0, refusal);
            }
            String warning = geometry.warning(e.getKey());
            if (warning != null) {
                warnings.add(micsCsv + ": " + warning);
            }
            double[] p = e.getValue();
            nodes.add(new NodeSite(e.getKey(), p[0], p[1], p[2], xs, ys));
        }
        warnings.addAll(nodesTogether(nodesCsv, nodes));
        return new Deployment(nodes, warnings);
    }

    /**
     * Nodes closer than {@link #SAME_PLACE_METRES}: their bearings of a call are parallel and cannot
     * cross, so two of them locate nothing a single one would not. A deployment that puts two nodes at
     * one place almost always holds a line copied and not edited; it is run, with a warning.
     */
    private static List<String> nodesTogether(Path nodesCsv, List<NodeSite> nodes) {
        List<String> out = new ArrayList<>();
        for (int a = 0; a < nodes.size(); a++) {
            for (int b = a + 1; b < nodes.size(); b++) {
                NodeSite p = nodes.get(a);
                NodeSite q = nodes.get(b);
                double d = Math.hypot(p.x() - q.x(), p.y() - q.y());
                if (d < SAME_PLACE_METRES) {
                    out.add(String.format(Locale.ROOT, "%s: nodes %s and %s are %.3f m apart: their bearings"
                            + " cannot cross (was one line copied without its position edited?)", nodesCsv, p.id(),
                            q.id(), d));
                }
            }
        }
        return out;
    }

    /** Writes {@code nodes.csv} and {@code mics.csv} into {@code dir}, with header lines. */
    public void write(Path dir) throws IOException {
        StringBuilder n = new StringBuilder("node,x_m,y_m,heading_deg\n");
        StringBuilder m = new StringBuilder("node,mic,x_m,y_m\n");
        for (NodeSite s : nodes) {
            n.append(String.format(Locale.ROOT, "%s,%.4f,%.4f,%.4f%n", s.id(), s.x(), s.y(), s.headingDegrees()));
            for (int i = 0; i < s.mics(); i++) {
                m.append(String.format(Locale.ROOT, "%s,%d,%.6f,%.6f%n", s.id(), i + 1, s.micX(i), s.micY(i)));
            }
        }
        Files.writeString(dir.resolve(NODES_FILE), n, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(MICS_FILE), m, StandardCharsets.UTF_8);
    }
}

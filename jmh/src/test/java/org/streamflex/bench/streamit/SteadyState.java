package org.streamflex.bench.streamit;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * StreamIt's steady state worked out from a program's own rates, independently of the StreamFlex
 * scheduler: the least positive firing counts with {@code push(p) * n(p) = pop(c) * n(c)} on every
 * channel. A splitjoin's identical branches are written as one branch, with the splitter's and
 * joiner's rates per round towards it.
 *
 * <pre>{@code
 * Map<String, Long> n = SteadyState.of(List.of(new SteadyState.Channel("A", 3, "B", 2)));   // {A=2, B=3}
 * }</pre>
 */
final class SteadyState {
    private SteadyState() {
    }

    /** A StreamIt channel: {@code producer} pushes {@code push} per firing, {@code consumer} pops {@code pop}. */
    record Channel(String producer, int push, String consumer, int pop) {
    }

    /** Firings of each node per steady-state iteration, for a connected program. */
    static Map<String, Long> of(List<Channel> channels) {
        // Firing counts as fractions num/den, propagated from the first producer along every channel.
        Map<String, BigInteger[]> rate = new LinkedHashMap<>();
        rate.put(channels.get(0).producer(), new BigInteger[] {BigInteger.ONE, BigInteger.ONE});
        ArrayDeque<String> queue = new ArrayDeque<>(rate.keySet());
        while (!queue.isEmpty()) {
            String node = queue.poll();
            BigInteger[] known = rate.get(node);
            for (Channel c : channels) {
                String other;
                BigInteger[] implied;
                if (c.producer().equals(node)) {
                    other = c.consumer();
                    implied = reduce(known[0].multiply(BigInteger.valueOf(c.push())),
                            known[1].multiply(BigInteger.valueOf(c.pop())));
                } else if (c.consumer().equals(node)) {
                    other = c.producer();
                    implied = reduce(known[0].multiply(BigInteger.valueOf(c.pop())),
                            known[1].multiply(BigInteger.valueOf(c.push())));
                } else {
                    continue;
                }
                BigInteger[] had = rate.putIfAbsent(other, implied);
                if (had == null) {
                    queue.add(other);
                } else if (!had[0].equals(implied[0]) || !had[1].equals(implied[1])) {
                    throw new IllegalArgumentException("the rates do not balance at " + c);
                }
            }
        }
        BigInteger lcm = BigInteger.ONE;
        for (BigInteger[] r : rate.values()) {
            lcm = lcm.divide(lcm.gcd(r[1])).multiply(r[1]);
        }
        Map<String, Long> firings = new LinkedHashMap<>();
        for (Map.Entry<String, BigInteger[]> e : rate.entrySet()) {
            firings.put(e.getKey(), e.getValue()[0].multiply(lcm).divide(e.getValue()[1]).longValueExact());
        }
        return firings;
    }

    private static BigInteger[] reduce(BigInteger num, BigInteger den) {
        BigInteger g = num.gcd(den);
        return new BigInteger[] {num.divide(g), den.divide(g)};
    }
}

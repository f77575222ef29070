package com.acme.tools;

import java.util.ArrayList;
import java.util.List;

import com.acme.shipping.ShipmentPublisher; // expect: OL402

/**
 * A fixture generator that reaches a Kafka client through a project class: the import is
 * reported, with the chain to kafka-clients.
 */
public class ShipmentFixtureGenerator {
    public static List<String> shipments(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add("{\"shipment\": " + i + "}");
        }
        return out;
    }

    public static void seed(ShipmentPublisher publisher, int n) throws Exception {
        for (String s : shipments(n)) {
            publisher.publish(s.substring(0, 5), s);
        }
    }
}

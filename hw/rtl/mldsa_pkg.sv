// ML-DSA (FIPS 204) polynomial unit: constants and the modular helpers every stage shares.
// q = 2^23 - 2^13 + 1; coefficients are canonical 23-bit values in [0, q).
package mldsa_pkg;
  localparam logic [22:0] Q = 23'd8380417;
  localparam logic [22:0] QH = 23'd4190209;  // (q + 1) / 2

  // Twiddle ROM: zeta(k) = 1753^BitRev8(k) mod q (FIPS 204 Appendix B, zeta(0) = 1 unused), the same
  // table as rs::crypto::kMlDsaZetas. Written out as a case table
  // (generated once from that formula) so that synthesis sees a plain 256 x 23-bit ROM.
  function automatic logic [22:0] zeta(input logic [7:0] k);
    case (k)
      8'd0: zeta = 23'd1; 8'd1: zeta = 23'd4808194; 8'd2: zeta = 23'd3765607; 8'd3: zeta = 23'd3761513;
      8'd4: zeta = 23'd5178923; 8'd5: zeta = 23'd5496691; 8'd6: zeta = 23'd5234739; 8'd7: zeta = 23'd5178987;
      8'd8: zeta = 23'd7778734; 8'd9: zeta = 23'd3542485; 8'd10: zeta = 23'd2682288; 8'd11: zeta = 23'd2129892;
      8'd12: zeta = 23'd3764867; 8'd13: zeta = 23'd7375178; 8'd14: zeta = 23'd557458; 8'd15: zeta = 23'd7159240;
      8'd16: zeta = 23'd5010068; 8'd17: zeta = 23'd4317364; 8'd18: zeta = 23'd2663378; 8'd19: zeta = 23'd6705802;
      8'd20: zeta = 23'd4855975; 8'd21: zeta = 23'd7946292; 8'd22: zeta = 23'd676590; 8'd23: zeta = 23'd7044481;
      8'd24: zeta = 23'd5152541; 8'd25: zeta = 23'd1714295; 8'd26: zeta = 23'd2453983; 8'd27: zeta = 23'd1460718;
      8'd28: zeta = 23'd7737789; 8'd29: zeta = 23'd4795319; 8'd30: zeta = 23'd2815639; 8'd31: zeta = 23'd2283733;
      8'd32: zeta = 23'd3602218; 8'd33: zeta = 23'd3182878; 8'd34: zeta = 23'd2740543; 8'd35: zeta = 23'd4793971;
      8'd36: zeta = 23'd5269599; 8'd37: zeta = 23'd2101410; 8'd38: zeta = 23'd3704823; 8'd39: zeta = 23'd1159875;
      8'd40: zeta = 23'd394148; 8'd41: zeta = 23'd928749; 8'd42: zeta = 23'd1095468; 8'd43: zeta = 23'd4874037;
      8'd44: zeta = 23'd2071829; 8'd45: zeta = 23'd4361428; 8'd46: zeta = 23'd3241972; 8'd47: zeta = 23'd2156050;
      8'd48: zeta = 23'd3415069; 8'd49: zeta = 23'd1759347; 8'd50: zeta = 23'd7562881; 8'd51: zeta = 23'd4805951;
      8'd52: zeta = 23'd3756790; 8'd53: zeta = 23'd6444618; 8'd54: zeta = 23'd6663429; 8'd55: zeta = 23'd4430364;
      8'd56: zeta = 23'd5483103; 8'd57: zeta = 23'd3192354; 8'd58: zeta = 23'd556856; 8'd59: zeta = 23'd3870317;
      8'd60: zeta = 23'd2917338; 8'd61: zeta = 23'd1853806; 8'd62: zeta = 23'd3345963; 8'd63: zeta = 23'd1858416;
      8'd64: zeta = 23'd3073009; 8'd65: zeta = 23'd1277625; 8'd66: zeta = 23'd5744944; 8'd67: zeta = 23'd3852015;
      8'd68: zeta = 23'd4183372; 8'd69: zeta = 23'd5157610; 8'd70: zeta = 23'd5258977; 8'd71: zeta = 23'd8106357;
      8'd72: zeta = 23'd2508980; 8'd73: zeta = 23'd2028118; 8'd74: zeta = 23'd1937570; 8'd75: zeta = 23'd4564692;
      8'd76: zeta = 23'd2811291; 8'd77: zeta = 23'd5396636; 8'd78: zeta = 23'd7270901; 8'd79: zeta = 23'd4158088;
      8'd80: zeta = 23'd1528066; 8'd81: zeta = 23'd482649; 8'd82: zeta = 23'd1148858; 8'd83: zeta = 23'd5418153;
      8'd84: zeta = 23'd7814814; 8'd85: zeta = 23'd169688; 8'd86: zeta = 23'd2462444; 8'd87: zeta = 23'd5046034;
      8'd88: zeta = 23'd4213992; 8'd89: zeta = 23'd4892034; 8'd90: zeta = 23'd1987814; 8'd91: zeta = 23'd5183169;
      8'd92: zeta = 23'd1736313; 8'd93: zeta = 23'd235407; 8'd94: zeta = 23'd5130263; 8'd95: zeta = 23'd3258457;
      8'd96: zeta = 23'd5801164; 8'd97: zeta = 23'd1787943; 8'd98: zeta = 23'd5989328; 8'd99: zeta = 23'd6125690;
      8'd100: zeta = 23'd3482206; 8'd101: zeta = 23'd4197502; 8'd102: zeta = 23'd7080401; 8'd103: zeta = 23'd6018354;
      8'd104: zeta = 23'd7062739; 8'd105: zeta = 23'd2461387; 8'd106: zeta = 23'd3035980; 8'd107: zeta = 23'd621164;
      8'd108: zeta = 23'd3901472; 8'd109: zeta = 23'd7153756; 8'd110: zeta = 23'd2925816; 8'd111: zeta = 23'd3374250;
      8'd112: zeta = 23'd1356448; 8'd113: zeta = 23'd5604662; 8'd114: zeta = 23'd2683270; 8'd115: zeta = 23'd5601629;
      8'd116: zeta = 23'd4912752; 8'd117: zeta = 23'd2312838; 8'd118: zeta = 23'd7727142; 8'd119: zeta = 23'd7921254;
      8'd120: zeta = 23'd348812; 8'd121: zeta = 23'd8052569; 8'd122: zeta = 23'd1011223; 8'd123: zeta = 23'd6026202;
      8'd124: zeta = 23'd4561790; 8'd125: zeta = 23'd6458164; 8'd126: zeta = 23'd6143691; 8'd127: zeta = 23'd1744507;
      8'd128: zeta = 23'd1753; 8'd129: zeta = 23'd6444997; 8'd130: zeta = 23'd5720892; 8'd131: zeta = 23'd6924527;
      8'd132: zeta = 23'd2660408; 8'd133: zeta = 23'd6600190; 8'd134: zeta = 23'd8321269; 8'd135: zeta = 23'd2772600;
      8'd136: zeta = 23'd1182243; 8'd137: zeta = 23'd87208; 8'd138: zeta = 23'd636927; 8'd139: zeta = 23'd4415111;
      8'd140: zeta = 23'd4423672; 8'd141: zeta = 23'd6084020; 8'd142: zeta = 23'd5095502; 8'd143: zeta = 23'd4663471;
      8'd144: zeta = 23'd8352605; 8'd145: zeta = 23'd822541; 8'd146: zeta = 23'd1009365; 8'd147: zeta = 23'd5926272;
      8'd148: zeta = 23'd6400920; 8'd149: zeta = 23'd1596822; 8'd150: zeta = 23'd4423473; 8'd151: zeta = 23'd4620952;
      8'd152: zeta = 23'd6695264; 8'd153: zeta = 23'd4969849; 8'd154: zeta = 23'd2678278; 8'd155: zeta = 23'd4611469;
      8'd156: zeta = 23'd4829411; 8'd157: zeta = 23'd635956; 8'd158: zeta = 23'd8129971; 8'd159: zeta = 23'd5925040;
      8'd160: zeta = 23'd4234153; 8'd161: zeta = 23'd6607829; 8'd162: zeta = 23'd2192938; 8'd163: zeta = 23'd6653329;
      8'd164: zeta = 23'd2387513; 8'd165: zeta = 23'd4768667; 8'd166: zeta = 23'd8111961; 8'd167: zeta = 23'd5199961;
      8'd168: zeta = 23'd3747250; 8'd169: zeta = 23'd2296099; 8'd170: zeta = 23'd1239911; 8'd171: zeta = 23'd4541938;
      8'd172: zeta = 23'd3195676; 8'd173: zeta = 23'd2642980; 8'd174: zeta = 23'd1254190; 8'd175: zeta = 23'd8368000;
      8'd176: zeta = 23'd2998219; 8'd177: zeta = 23'd141835; 8'd178: zeta = 23'd8291116; 8'd179: zeta = 23'd2513018;
      8'd180: zeta = 23'd7025525; 8'd181: zeta = 23'd613238; 8'd182: zeta = 23'd7070156; 8'd183: zeta = 23'd6161950;
      8'd184: zeta = 23'd7921677; 8'd185: zeta = 23'd6458423; 8'd186: zeta = 23'd4040196; 8'd187: zeta = 23'd4908348;
      8'd188: zeta = 23'd2039144; 8'd189: zeta = 23'd6500539; 8'd190: zeta = 23'd7561656; 8'd191: zeta = 23'd6201452;
      8'd192: zeta = 23'd6757063; 8'd193: zeta = 23'd2105286; 8'd194: zeta = 23'd6006015; 8'd195: zeta = 23'd6346610;
      8'd196: zeta = 23'd586241; 8'd197: zeta = 23'd7200804; 8'd198: zeta = 23'd527981; 8'd199: zeta = 23'd5637006;
      8'd200: zeta = 23'd6903432; 8'd201: zeta = 23'd1994046; 8'd202: zeta = 23'd2491325; 8'd203: zeta = 23'd6987258;
      8'd204: zeta = 23'd507927; 8'd205: zeta = 23'd7192532; 8'd206: zeta = 23'd7655613; 8'd207: zeta = 23'd6545891;
      8'd208: zeta = 23'd5346675; 8'd209: zeta = 23'd8041997; 8'd210: zeta = 23'd2647994; 8'd211: zeta = 23'd3009748;
      8'd212: zeta = 23'd5767564; 8'd213: zeta = 23'd4148469; 8'd214: zeta = 23'd749577; 8'd215: zeta = 23'd4357667;
      8'd216: zeta = 23'd3980599; 8'd217: zeta = 23'd2569011; 8'd218: zeta = 23'd6764887; 8'd219: zeta = 23'd1723229;
      8'd220: zeta = 23'd1665318; 8'd221: zeta = 23'd2028038; 8'd222: zeta = 23'd1163598; 8'd223: zeta = 23'd5011144;
      8'd224: zeta = 23'd3994671; 8'd225: zeta = 23'd8368538; 8'd226: zeta = 23'd7009900; 8'd227: zeta = 23'd3020393;
      8'd228: zeta = 23'd3363542; 8'd229: zeta = 23'd214880; 8'd230: zeta = 23'd545376; 8'd231: zeta = 23'd7609976;
      8'd232: zeta = 23'd3105558; 8'd233: zeta = 23'd7277073; 8'd234: zeta = 23'd508145; 8'd235: zeta = 23'd7826699;
      8'd236: zeta = 23'd860144; 8'd237: zeta = 23'd3430436; 8'd238: zeta = 23'd140244; 8'd239: zeta = 23'd6866265;
      8'd240: zeta = 23'd6195333; 8'd241: zeta = 23'd3123762; 8'd242: zeta = 23'd2358373; 8'd243: zeta = 23'd6187330;
      8'd244: zeta = 23'd5365997; 8'd245: zeta = 23'd6663603; 8'd246: zeta = 23'd2926054; 8'd247: zeta = 23'd7987710;
      8'd248: zeta = 23'd8077412; 8'd249: zeta = 23'd3531229; 8'd250: zeta = 23'd4405932; 8'd251: zeta = 23'd4606686;
      8'd252: zeta = 23'd1900052; 8'd253: zeta = 23'd7598542; 8'd254: zeta = 23'd1054478; 8'd255: zeta = 23'd7648983;
      default: zeta = 23'd0;
    endcase
  endfunction

  // (a + b) mod q for a, b in [0, q).
  function automatic logic [22:0] add_mod(input logic [22:0] a, input logic [22:0] b);
    logic [23:0] s;
    logic [23:0] t;
    s = {1'b0, a} + {1'b0, b};
    t = s - {1'b0, Q};
    add_mod = t[23] ? s[22:0] : t[22:0];
  endfunction

  // (a - b) mod q for a, b in [0, q).
  function automatic logic [22:0] sub_mod(input logic [22:0] a, input logic [22:0] b);
    logic [23:0] d;
    d = {1'b0, a} - {1'b0, b};
    sub_mod = d[23] ? d[22:0] + Q : d[22:0];
  endfunction

  // x / 2 mod q for x in [0, q): x even -> x >> 1, x odd -> (x + q) >> 1 = (x >> 1) + (q + 1) / 2.
  function automatic logic [22:0] half_mod(input logic [22:0] x);
    half_mod = {1'b0, x[22:1]} + (x[0] ? QH : 23'd0);
  endfunction
endpackage
